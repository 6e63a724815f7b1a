package io.baton.e2e.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium driven through Debian's chromedriver, headless. Both paths are given, so Selenium Manager never
 * runs and nothing is downloaded (there is no internet where the tests run). {@code bin/baton test} installs the
 * packages {@code chromium} and {@code chromium-driver} when it runs as root; {@code -Dbaton.chromium=} and
 * {@code -Dbaton.chromedriver=} name others.
 */
public final class HeadlessChromium {
    public static final Path BROWSER = Path.of(System.getProperty("baton.chromium", "/usr/bin/chromium"));
    public static final Path DRIVER = Path.of(System.getProperty("baton.chromedriver", "/usr/bin/chromedriver"));

    private HeadlessChromium() {}

    /** Why the browser cannot run here, or null when it can. */
    public static String missing() {
        if (!Files.isExecutable(BROWSER)) return BROWSER + " is missing (Debian package chromium)";
        if (!Files.isExecutable(DRIVER)) return DRIVER + " is missing (Debian package chromium-driver)";
        return null;
    }

    /** A fresh headless browser; its driver's log goes to {@code driverLog}. */
    public static ChromeDriver start(Path driverLog) {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .withLogFile(driverLog.toFile())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                // containers often have a tiny /dev/shm; a wide window keeps every form on one line
                "--disable-dev-shm-usage", "--window-size=1400,1000");
        // The page's console, for the tests to find script errors and refused content in.
        org.openqa.selenium.logging.LoggingPreferences logs = new org.openqa.selenium.logging.LoggingPreferences();
        logs.enable(org.openqa.selenium.logging.LogType.BROWSER, java.util.logging.Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(30));
        return driver;
    }
}
