package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A GEOMETRY column's extra_stats as catalogs hold them: the text an extension of either era wrote (its older one
 * printed the bounds with six decimals and spaces) reads back, merges as the extension's geo stats do, and what this
 * side writes is read back the same.
 */
class GeoStatsTest {

	@Test
	void theExtensionsTextReadsBackAndMergesAsItsGeoStatsDo() {
		GeoStats older = GeoStats.parse("{\"bbox\": {\"xmin\": 0.000000, \"xmax\": 5.000000, \"ymin\": -4.000000,"
				+ " \"ymax\": 7.000000, \"zmin\": null, \"zmax\": null, \"mmin\": null, \"mmax\": null},"
				+ " \"types\": [\"linestring\", \"point\"]}");
		GeoStats newer = GeoStats.parse("{\"bbox\":{\"xmin\":-10.0,\"xmax\":-10.0,\"ymin\":100.0,\"ymax\":100.0,"
				+ "\"zmin\":9.0,\"zmax\":9.0,\"mmin\":null,\"mmax\":null},\"types\":[\"point_z\"]}");
		GeoStats both = older.merge(newer);
		assertEquals(Arrays.asList(-10.0, 5.0, -4.0, 100.0, 9.0, 9.0, null, null), both.bounds());
		assertEquals(List.of("linestring", "point", "point_z"), List.copyOf(both.types()));
		assertEquals(both, GeoStats.parse(both.json()), "written, then read: the same");
		assertEquals(older, older.merge(GeoStats.EMPTY), "no value adds nothing");
	}

	@Test
	void theWritersStatsOfAFileAreTakenAsItNamesThem() {
		GeoStats s = GeoStats.ofWriter(Map.of("bbox_xmin", "1.0", "bbox_xmax", "3.5", "bbox_ymin", "2.0",
				"bbox_ymax", "2.0", "bbox_mmin", "4.0", "bbox_mmax", "4.0", "geo_types", "[polygon, point_m]",
				"null_count", "0"));
		assertEquals(Arrays.asList(1.0, 3.5, 2.0, 2.0, null, null, 4.0, 4.0), s.bounds());
		assertEquals(List.of("point_m", "polygon"), List.copyOf(s.types()));
		assertEquals(GeoStats.EMPTY, GeoStats.ofWriter(Map.of("null_count", "3")), "a file of NULLs: no box");
	}

	@Test
	void aVariantsFieldListIsNoGeometryStats() {
		String variant = "[{\"field_name\":\"a\",\"shredded_type\":\"int32\",\"null_count\":0}]";
		assertFalse(GeoStats.isGeo(variant));
		assertNull(ColumnStats.geoOf(variant));
		assertNull(ColumnStats.geoOf(null));
		assertTrue(TableColumnStats.stored(1, false, null, null, null, variant).variant().size() == 1);
		assertThrows(IllegalArgumentException.class, () -> GeoStats.parse(variant));
	}
}
