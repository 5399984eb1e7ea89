package io.lakestudio.identity;

import java.time.OffsetDateTime;

/** What to show the user for a device-code sign-in: the page to open and the code to enter. */
public record DeviceCode(String userCode, String verificationUrl, OffsetDateTime expiresOn, String message) {
}
