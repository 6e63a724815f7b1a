package io.baton.e2e.support;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs before the suite is asked for: without Chromium and chromedriver a browser test fails in CI ({@code CI=true}),
 * saying what to install, and is skipped elsewhere with the same reason.
 */
public final class ChromiumRequired implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        String missing = HeadlessChromium.missing();
        if (missing == null) return;
        String reason = "the browser test needs Debian's Chromium and chromedriver: " + missing
                + "; install them with apt-get install chromium chromium-driver (bin/baton test does, as root)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) fail(reason);
        assumeTrue(false, reason);
    }
}
