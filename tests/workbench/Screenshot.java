import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.io.File;

import javax.imageio.ImageIO;

/** Saves the whole X screen ($DISPLAY) as a PNG: java tests/workbench/Screenshot.java out.png */
public class Screenshot {
	public static void main(String[] args) throws Exception {
		Rectangle screen = new Rectangle(Toolkit.getDefaultToolkit().getScreenSize());
		ImageIO.write(new Robot().createScreenCapture(screen), "png", new File(args[0]));
		System.out.println(screen.width + "x" + screen.height + " -> " + args[0]);
	}
}
