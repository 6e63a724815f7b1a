package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.e2e.support.ChromiumRequired;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.HeadlessChromium;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The admin page ({@code /admin/} on the gateway) in headless Chromium against the whole suite: a model registered
 * through the page (application, ONNX variant, validation set), profiled through the page, and its profile (latency
 * chart, per-class recall) shown; refusals shown next to the form that caused them; the API key; plans and live
 * metrics; the sampled history's charts and a served request's waterfall. The gateway has an API key
 * ({@link E2eSuite#ADMIN_KEY}), so every call the page makes carries it.
 */
@ExtendWith({ChromiumRequired.class, SuiteExtension.class})
class AdminPageIT {
    static final String APP = "admin-page-demo";
    /** Profiling through the page: enough to draw a curve, quick on a small machine. */
    static final List<Integer> BATCH_SIZES = List.of(1, 2, 4);
    static final Duration PROFILING_LIMIT = Duration.ofMinutes(3);

    static final Path OUT = Path.of("target", "admin-page-it");

    static E2eSuite e2e;
    static ChromeDriver browser;
    static WebDriverWait wait;

    @BeforeAll
    static void openBrowser(E2eSuite suite) throws Exception {
        e2e = suite;
        Files.createDirectories(OUT);
        browser = HeadlessChromium.start(OUT.resolve("chromedriver.log"));
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) browser.quit();
    }

    /**
     * The page's console holds no error of its own: no script exception, no refused content (the CSP would report
     * one there). Refused calls are logged by the browser as failed resources; those are the tests' doing and are
     * shown in the page, which the tests check. A screenshot of each test's last state is kept in target/.
     */
    @AfterEach
    void consoleHoldsNoScriptError(TestInfo test) throws Exception {
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(),
                OUT.resolve(test.getTestMethod().orElseThrow().getName() + ".png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("Failed to load resource"))
                .toList();
        assertThat(errors).as("the browser console").isEmpty();
    }

    // ---- the page ----

    static void open() {
        browser.get(e2e.suite().gateway().resolve("/admin/").toString());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("body[data-ready='true']")));
    }

    static void openWithKey() {
        open();
        if (!"key set for this tab".equals($("#key-state").getText())) {
            type($("#api-key"), E2eSuite.ADMIN_KEY);
            $("#key-form button[type=submit]").click();
        }
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#app-list tr[data-app='fashion-single']")));
    }

    static WebElement $(String css) {
        return browser.findElement(By.cssSelector(css));
    }

    static List<WebElement> all(String css) {
        return browser.findElements(By.cssSelector(css));
    }

    static void type(WebElement input, String text) {
        input.clear();
        input.sendKeys(text);
    }

    static WebElement field(String form, String name) {
        return $("#" + form + " [name='" + name + "']");
    }

    static WebElement visible(String css) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    static String errorOf(String name) {
        return visible("[data-error-for='" + name + "']").getText();
    }

    /**
     * Selects an application in the list. The list re-renders as its data arrives and its rows move as applications
     * come and go (other tests register theirs in the same suite), so the button is found again, brought to the
     * middle of the window and clicked until the click lands.
     */
    static void select(String app) {
        wait.until(driver -> {
            try {
                WebElement button = driver.findElement(By.cssSelector("#app-list tr[data-app='" + app + "'] button.select-app"));
                ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", button);
                button.click();
                return true;
            } catch (StaleElementReferenceException | ElementClickInterceptedException moved) {
                return false;
            }
        });
        wait.until(ExpectedConditions.textToBe(By.id("app-name"), app));
    }

    /**
     * Opens a {@code <details>} panel. The page re-renders panels as its data arrives, so the element found may be
     * replaced before it is read or clicked: then it is found again, until the panel is open.
     */
    static void openPanel(String css) {
        wait.until(driver -> {
            try {
                WebElement details = driver.findElement(By.cssSelector(css));
                if (details.getDomAttribute("open") == null) details.findElement(By.tagName("summary")).click();
                return details.getDomAttribute("open") != null;
            } catch (StaleElementReferenceException rerendered) {
                return false;
            }
        });
    }

    static double percentIn(WebElement cell) {
        return Double.parseDouble(cell.getText().replace("%", "").trim());
    }

    // ---- tests ----

    @Test
    void withoutTheKeyTheRefusalShowsWhereTheListWouldBeAndTheKeyTypedIsKeptForTheTab() {
        open();
        ((JavascriptExecutor) browser).executeScript("sessionStorage.clear()");
        open();
        assertThat($("#key-state").getText()).isEqualTo("no key set");
        String refusal = errorOf("applications");
        assertThat(refusal).contains("401").contains("an API key with the admin scope is required").contains("field: X-API-Key");
        assertThat(errorOf("metrics")).contains("401");

        type($("#api-key"), "not-the-key");
        $("#key-form button[type=submit]").click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("[data-error-for='applications']"),
                "not accepted"));

        type($("#api-key"), E2eSuite.ADMIN_KEY);
        $("#key-form button[type=submit]").click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#app-list tr[data-app='fashion-single']")));
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("[data-error-for='applications']")));

        open(); // a reload keeps the key: sessionStorage lives as long as the tab
        assertThat($("#key-state").getText()).isEqualTo("key set for this tab");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#app-list tr[data-app='fashion-ensemble']")));
    }

    @Test
    void aModelRegisteredThroughThePageIsProfiledAndItsProfileAppears() throws Exception {
        openWithKey();
        List<String> classes = e2e.manifest().classLabels();

        openPanel("#create-app-panel");
        type(field("create-app", "name"), APP);
        new Select(field("create-app", "kind")).selectByVisibleText("single");
        type(field("create-app", "policy"), "symphony");
        type(field("create-app", "sloMs"), "100");
        type(field("create-app", "classes"), String.join(", ", classes));
        type(field("create-app", "inputName"), "input");
        new Select(field("create-app", "inputDatatype")).selectByVisibleText("FP32");
        type(field("create-app", "inputShape"), "-1, 1, 28, 28");
        $("#create-app button[type=submit]").click();
        wait.until(ExpectedConditions.textToBe(By.id("app-name"), APP));
        visible("#app-list tr[data-app='" + APP + "']");
        assertThat($("#app-facts").getText()).contains("symphony").contains("100 ms").contains(classes.get(0))
                .contains("input FP32 [-1, 1, 28, 28]");

        String model = e2e.variants("fashion-single").get(0).name();
        type(field("upload-variant", "name"), model);
        field("upload-variant", "file").sendKeys(e2e.onnx(model).toAbsolutePath().toString());
        $("#upload-variant button[type=submit]").click();
        WebElement variantRow = visible("#variant-list tr[data-variant='" + model + "']");
        assertThat(variantRow.getText()).contains("none"); // no profile yet

        field("upload-dataset", "file").sendKeys(E2eSuite.ZOO.resolve(ZooBuilder.VALIDATION).toAbsolutePath().toString());
        $("#upload-dataset button[type=submit]").click();
        WebElement datasetRow = visible("#dataset-list tr[data-dataset='validation']");
        assertThat(datasetRow.getText()).contains(String.valueOf(e2e.validation().size())).contains("[" + e2e.validation().size() + ", 1, 28, 28]");

        type(field("start-profiling", "batchSizes"), "1, 2, 4");
        type(field("start-profiling", "repetitions"), "3");
        type(field("start-profiling", "warmup"), "1");
        $("#start-profiling button[type=submit]").click();
        visible("#job-list tr[data-job]");

        // The page polls the job and reads the application again when it ends: the chart and the recall appear.
        WebDriverWait profiling = new WebDriverWait(browser, PROFILING_LIMIT);
        profiling.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#profiles svg.latency-chart g.series[data-variant='" + model + "']")));
        profiling.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#recall-table th[data-variant='" + model + "']")));
        ((JavascriptExecutor) browser).executeScript("document.getElementById('profiles').scrollIntoView()");
        assertThat(all("#job-list tr[data-job]")).hasSize(1);
        assertThat($("#job-list tr[data-job]").getDomAttribute("data-state")).isEqualTo("succeeded");
        assertThat($("#job-list tr[data-job]").getText()).contains("100 %");
        assertThat($("[data-error-for='start-profiling']").isDisplayed()).isFalse();

        // What the page shows is what the profiler stored in the registry.
        JsonNode stored = e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + APP)).json();
        JsonNode profile = stored.path("variants").path(0).path("profiles").path(0);
        assertThat(profile.path("latency")).extracting(p -> p.path("batchSize").asInt()).containsExactlyElementsOf(BATCH_SIZES);
        WebElement series = $("#profiles g.series[data-variant='" + model + "']");
        assertThat(series.findElements(By.cssSelector("circle"))).hasSize(BATCH_SIZES.size());
        assertThat(series.findElements(By.cssSelector("path[data-quantile='p50']"))).hasSize(1);
        assertThat(series.findElements(By.cssSelector("path[data-quantile='p99']"))).hasSize(1);
        assertThat($("#profiles .device-profiles[data-device='cpu/cpu'] h4").getText()).contains("cpu/cpu");
        assertThat($("#profiles table.profile-figures tr[data-variant='" + model + "']").getText()).contains("%");

        List<WebElement> rows = all("#recall-table tr[data-class]");
        assertThat(rows).hasSize(classes.size());
        for (int i = 0; i < classes.size(); i++) {
            WebElement row = rows.get(i);
            assertThat(row.findElement(By.tagName("th")).getText()).isEqualTo(classes.get(i));
            double expected = 100 * profile.path("classRecall").path(i).asDouble();
            assertThat(percentIn(row.findElement(By.tagName("td")))).as(classes.get(i)).isCloseTo(expected, within(0.051));
        }
        WebElement accuracy = $("#recall-table tr.total td");
        assertThat(percentIn(accuracy)).isCloseTo(100 * profile.path("accuracy").asDouble(), within(0.051));
        assertThat(visible("#variant-list tr[data-variant='" + model + "']").getText()).contains("cpu/cpu");
    }

    /**
     * An ensemble profiled whole through the page (every variant at once: the profiler also records each base
     * model's outputs on the validation set and stores Schemble's ensemble profile) shows its (score bin, subset)
     * accuracy table, cell for cell what the registry stored. Batch sizes as the suite's own profiling, so the demo's
     * profiles stay what the other tests expect.
     */
    @Test
    void anEnsembleProfiledWholeShowsItsBinTable() throws Exception {
        openWithKey();
        select("fashion-ensemble");
        new Select(field("start-profiling", "variant")).selectByVisibleText("every variant");
        type(field("start-profiling", "batchSizes"), "1, 2, 4, 8");
        type(field("start-profiling", "repetitions"), "3");
        type(field("start-profiling", "warmup"), "1");
        $("#start-profiling button[type=submit]").click();
        visible("#job-list tr[data-job]");
        WebElement table = new WebDriverWait(browser, PROFILING_LIMIT).until(
                ExpectedConditions.presenceOfElementLocated(By.cssSelector("#ensemble-bin-table")));
        ((JavascriptExecutor) browser).executeScript("document.getElementById('ensemble-bins').scrollIntoView()");

        JsonNode stored = e2e.http().get(e2e.suite().registry()
                .resolve("/v1/applications/fashion-ensemble/ensemble-profile")).json();
        List<String> models = new java.util.ArrayList<>();
        stored.path("models").forEach(m -> models.add(m.asText()));
        List<WebElement> rows = table.findElements(By.cssSelector("tbody tr[data-bin]"));
        assertThat(rows).hasSize(stored.path("accuracy").size());
        String all = String.join("+", models);
        int fullMask = (1 << models.size()) - 1;
        List<WebElement> headers = table.findElements(By.cssSelector("thead th[data-subset]"));
        assertThat(headers).hasSize(fullMask);
        int column = 3 + headers.indexOf(table.findElement(By.cssSelector("thead th[data-subset='" + all + "']")));
        for (int b = 0; b < rows.size(); b++) {
            List<WebElement> cells = rows.get(b).findElements(By.cssSelector("th, td"));
            assertThat(cells.get(2).getText()).isEqualTo(stored.path("binCounts").path(b).asText());
            // the full ensemble always agrees with itself
            assertThat(percentIn(cells.get(column))).isCloseTo(100 * stored.path("accuracy").path(b).path(fullMask).asDouble(),
                    within(0.051)).isCloseTo(100.0, within(0.051));
            String single = models.get(0);
            int singleColumn = 3 + headers.indexOf(table.findElement(By.cssSelector("thead th[data-subset='" + single + "']")));
            assertThat(percentIn(cells.get(singleColumn))).as("bin %d, %s alone", b, single)
                    .isCloseTo(100 * stored.path("accuracy").path(b).path(1).asDouble(), within(0.051));
        }
        assertThat($("[data-error-for='ensemble-bins']").isDisplayed()).isFalse();
    }

    /**
     * A variant's batching and input values: set in the upload form and shown in its row (an empty maxBatchSize is
     * derived from the model: 64 for the zoo's free batch axis), and a value the registry refuses is shown next to the
     * form with its 422, naming the field, and registers nothing; a value that is not JSON is refused in the page.
     */
    @Test
    void aVariantsMaxBatchSizeAndInputValuesAreSetShownAndRefusedWhenBad() throws Exception {
        openWithKey();
        String app = "admin-page-batching";
        openPanel("#create-app-panel");
        type(field("create-app", "name"), app);
        new Select(field("create-app", "kind")).selectByVisibleText("single");
        type(field("create-app", "policy"), "work-conserving");
        type(field("create-app", "sloMs"), "100");
        $("#create-app button[type=submit]").click();
        wait.until(ExpectedConditions.textToBe(By.id("app-name"), app));
        Path onnx = e2e.onnx(e2e.variants("fashion-single").get(0).name()).toAbsolutePath();

        type(field("upload-variant", "name"), "capped");
        field("upload-variant", "file").sendKeys(onnx.toString());
        type(field("upload-variant", "maxBatchSize"), "8");
        type(field("upload-variant", "inputValues"), "{\"input\": 0.5}");
        $("#upload-variant button[type=submit]").click();
        WebElement capped = visible("#variant-list tr[data-variant='capped']");
        assertThat(capped.findElement(By.cssSelector("td[data-column='maxBatchSize']")).getText()).isEqualTo("8");
        assertThat(capped.findElement(By.cssSelector("td[data-column='inputValues']")).getText())
                .isEqualTo("{\"input\":0.5}");
        JsonNode stored = e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + app + "/variants/capped"))
                .json();
        assertThat(stored.path("maxBatchSize").asInt()).isEqualTo(8);
        assertThat(stored.path("inputValues").path("input").asDouble()).isEqualTo(0.5);
        assertThat(field("upload-variant", "maxBatchSize").getDomProperty("value")).isEmpty(); // the form is emptied

        type(field("upload-variant", "name"), "derived");
        field("upload-variant", "file").sendKeys(onnx.toString());
        $("#upload-variant button[type=submit]").click();
        WebElement derived = visible("#variant-list tr[data-variant='derived']");
        assertThat(derived.findElement(By.cssSelector("td[data-column='maxBatchSize']")).getText()).isEqualTo("64");
        assertThat(derived.findElement(By.cssSelector("td[data-column='inputValues']")).getText()).isEqualTo("—");

        type(field("upload-variant", "name"), "too-big");
        field("upload-variant", "file").sendKeys(onnx.toString());
        type(field("upload-variant", "maxBatchSize"), "5000");
        $("#upload-variant button[type=submit]").click();
        assertThat(errorOf("upload-variant")).contains("422").contains("4096").contains("field: maxBatchSize");
        assertThat(field("upload-variant", "maxBatchSize").getDomAttribute("class")).contains("invalid");
        assertThat(all("#variant-list tr[data-variant='too-big']")).isEmpty();

        type(field("upload-variant", "maxBatchSize"), "");
        type(field("upload-variant", "inputValues"), "{\"nope\": 1}");
        field("upload-variant", "file").sendKeys(onnx.toString());
        $("#upload-variant button[type=submit]").click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("[data-error-for='upload-variant']"),
                "inputValues.nope"));
        assertThat(errorOf("upload-variant")).contains("422").contains("no input named nope");
        assertThat(field("upload-variant", "inputValues").getDomAttribute("class")).contains("invalid");
        assertThat(field("upload-variant", "maxBatchSize").getDomAttribute("class")).doesNotContain("invalid");

        type(field("upload-variant", "inputValues"), "{sr: 16000}");
        field("upload-variant", "file").sendKeys(onnx.toString());
        $("#upload-variant button[type=submit]").click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("[data-error-for='upload-variant']"),
                "inputValues is not JSON"));
        assertThat(errorOf("upload-variant")).doesNotContain("422").contains("field: inputValues");
        assertThat(all("#variant-list tr[data-variant='too-big']")).isEmpty();
    }

    @Test
    void refusalsAreShownNextToTheFormThatCausedThem() throws Exception {
        openWithKey();

        openPanel("#create-app-panel");
        type(field("create-app", "name"), "fashion-single");
        type(field("create-app", "policy"), "symphony");
        type(field("create-app", "sloMs"), "100");
        $("#create-app button[type=submit]").click();
        String duplicate = errorOf("create-app");
        assertThat(duplicate).contains("409").contains("fashion-single").contains("field: name");
        assertThat(field("create-app", "name").getDomAttribute("class")).contains("invalid");
        assertThat($("[data-error-for='applications']").isDisplayed()).isFalse();

        type(field("create-app", "name"), "bad name with spaces");
        $("#create-app button[type=submit]").click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("[data-error-for='create-app']"), "400"));
        assertThat(errorOf("create-app")).contains("name");

        select("fashion-single");
        Path notOnnx = Files.createDirectories(Path.of("target", "admin-page-it")).resolve("not-a-model.onnx");
        Files.writeString(notOnnx, "this is not an ONNX model", StandardCharsets.UTF_8);
        type(field("upload-variant", "name"), "broken");
        field("upload-variant", "file").sendKeys(notOnnx.toAbsolutePath().toString());
        $("#upload-variant button[type=submit]").click();
        String refused = errorOf("upload-variant");
        assertThat(refused).contains("422").contains("ONNX Runtime cannot open the model");
        assertThat(field("upload-variant", "file").getDomAttribute("class")).contains("invalid"); // the field it names
        assertThat(all("#variant-list tr[data-variant='broken']")).isEmpty();
        assertThat($("[data-error-for='upload-dataset']").isDisplayed()).isFalse();

        // Raw inputs without their labels: refused in the page, before any upload, naming the field.
        field("upload-dataset", "file").sendKeys(notOnnx.toAbsolutePath().toString());
        $("#upload-dataset button[type=submit]").click();
        assertThat(errorOf("upload-dataset")).contains("not a Baton validation set").contains("field: labelsDigest");
        assertThat(field("upload-dataset", "labels").getDomAttribute("class")).contains("invalid");

        // A profiling job the profiler refuses: an unknown dataset (404 relayed from the registry).
        ((JavascriptExecutor) browser).executeScript(
                "const s = document.querySelector('#start-profiling [name=dataset]');"
                        + "s.append(new Option('no-such-dataset', 'no-such-dataset')); s.value = 'no-such-dataset';");
        $("#start-profiling button[type=submit]").click();
        assertThat(errorOf("start-profiling")).contains("404").contains("no-such-dataset");
    }

    @Test
    void plansAreComputedStoredAndListedAndLiveMetricsShowTheWorkers() {
        Oip oip = new Oip(e2e);
        openWithKey();
        select("fashion-single");

        openPanel("#plans details");
        $("#compute-plan button[type=submit]").click(); // the default input: Symphony's sizing example
        assertThat(visible("#plan-result").getText()).contains("\"gpus\": 3").contains("\"batch\": 26");
        $("#store-plan").click();
        WebElement stored = visible("#plan-list tr[data-plan]");
        assertThat(stored.getText()).contains("symphony-sizing").contains("fashion-single");

        type($("#compute-plan [name=input]"), "{\"alphaMs\": 1.2}");
        $("#compute-plan button[type=submit]").click();
        assertThat(errorOf("compute-plan")).contains("400");
        assertThat($("#plan-result").isDisplayed()).isFalse();

        for (String worker : e2e.suite().workerDeviceIds()) {
            WebElement row = visible("#metrics-workers tr[data-worker='" + worker + "']");
            assertThat(row.getText()).contains("LIVE").contains("cpu");
        }
        // Requests served in the last 10 s give the application a p99 and a mean batch size; the page reads the
        // summary every 3 s. One request per look, until the row shows them.
        By p99 = By.cssSelector("#metrics-apps tr[data-app='fashion-single'] td:nth-child(4)");
        By batch = By.cssSelector("#metrics-apps tr[data-app='fashion-single'] td:nth-child(5)");
        // the page redraws the table every 3 s: a cell found just before a redraw is gone when read, so look again
        new WebDriverWait(browser, Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class).until(d -> {
            oip.infer("fashion-single", 0, 1);
            List<WebElement> cell = d.findElements(p99);
            return !cell.isEmpty() && cell.get(0).getText().matches("\\d+\\.\\d");
        });
        String meanBatch = new WebDriverWait(browser, Duration.ofSeconds(10))
                .ignoring(StaleElementReferenceException.class).until(d -> d.findElement(batch).getText());
        assertThat(meanBatch).as("mean batch size").matches("\\d+\\.\\d");
    }

    // ---- over time: the history's charts, a request's waterfall ----

    /** The charts of one application per figure over time, and of the workers' busy share. */
    static final List<String> APPLICATION_CHARTS = List.of("goodput", "miss-rate", "latency", "mean-batch", "queue");

    static int pointsOf(String chart, String series, String quantile) {
        List<WebElement> g = all("#history-charts svg[data-chart='" + chart + "'] g.series[data-series='" + series + "']"
                + (quantile == null ? "" : "[data-quantile='" + quantile + "']"));
        return g.isEmpty() ? 0 : Integer.parseInt(g.get(0).getDomAttribute("data-points"));
    }

    /**
     * Requests served while the page is open appear in the charts once the scheduler has sampled them (every 5 s;
     * the page reads the history every 5 s): a line with a point per sample for the application in every figure,
     * latency's p50 and p99 both, and one per worker in the busy chart. One request per look, until they show.
     */
    @Test
    void theChartsShowTheSampledHistoryAfterTraffic() {
        Oip oip = new Oip(e2e);
        openWithKey();
        new WebDriverWait(browser, Duration.ofSeconds(90)).until(d -> {
            oip.infer("fashion-single", 0, 1);
            return pointsOf("latency", "fashion-single", "p99") > 0 && pointsOf("mean-batch", "fashion-single", null) > 0;
        });
        ((JavascriptExecutor) browser).executeScript("document.getElementById('history').scrollIntoView()");
        for (String chart : APPLICATION_CHARTS) {
            assertThat(pointsOf(chart, "fashion-single", chart.equals("latency") ? "p50" : null)).as(chart).isPositive();
            assertThat(all("#history-charts svg[data-chart='" + chart + "'] g.series[data-series='fashion-single'] path"))
                    .as(chart + "'s line").isNotEmpty();
        }
        assertThat(pointsOf("latency", "fashion-single", "p99")).isPositive();
        for (String worker : e2e.suite().workerDeviceIds()) {
            assertThat(pointsOf("worker-busy", worker, null)).as("busy share of " + worker).isPositive();
        }
        assertThat($("#history-charts ul.legend li[data-series='fashion-single']").getText()).contains("fashion-single");
        assertThat($("[data-error-for='history']").isDisplayed()).isFalse();
        System.out.printf("admin page: charts first drawn %s ms after the page began to load, with %s samples "
                        + "(drawn in %s ms)%n", $("#history-charts").getDomAttribute("data-drawn-at-ms"),
                $("#history-charts").getDomAttribute("data-samples"), $("#history-charts").getDomAttribute("data-render-ms"));
    }

    /**
     * How long the charts take to draw with a full 15-minute history (180 samples of 5 s; eight applications and
     * four workers), from the start of the page's load: printed, not asserted (speed is for benchmarks; the issue's
     * target is 1 s). The history is made up in the browser: a script run before the page's own replaces the answer
     * of GET /v1/metrics/history (a later read with {@code since} gets no new sample), so nothing in the suite is
     * configured for the test.
     */
    @Test
    void chartsWithAFullFifteenMinuteHistoryAreDrawnAndHowLongItTookIsPrinted() {
        openWithKey();
        String seed = """
                (() => {
                  const apps = ['seed-a', 'seed-b', 'seed-c', 'seed-d', 'seed-e', 'seed-f', 'seed-g', 'seed-h'];
                  const workers = ['seed-cpu-0', 'seed-cpu-1', 'seed-cpu-2', 'seed-cpu-3'];
                  const end = Date.now();
                  const samples = [];
                  for (let i = 0; i < 180; i++) {
                    samples.push({at: new Date(end - (179 - i) * 5000).toISOString(), seconds: 5,
                      applications: apps.map((a, k) => ({application: a, goodput: 20 + k + (i % 7), missRate: (i % 10) / 200,
                        requestsEnded: 100, p50LatencyMs: 10 + k, p99LatencyMs: 30 + k + (i % 5), meanBatchSize: 2 + (i % 4),
                        batches: 30, queueLength: i % 6})),
                      workers: workers.map((w, k) => ({workerId: w, busyFraction: ((i + k) % 10) / 10}))});
                  }
                  const body = {intervalSeconds: 5, retentionSeconds: 900, capacity: 180, samples};
                  const real = window.fetch.bind(window);
                  window.fetch = (url, options) => String(url).startsWith('/v1/metrics/history')
                    ? Promise.resolve(new Response(JSON.stringify(String(url).includes('since=')
                        ? {...body, samples: []} : body), {status: 200, headers: {'Content-Type': 'application/json'}}))
                    : real(url, options);
                })();""";
        Object id = browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", java.util.Map.of("source", seed))
                .get("identifier");
        try {
            open();
            wait.until(ExpectedConditions.attributeToBe(By.id("history-charts"), "data-samples", "180"));
            String drawnAt = wait.until(d -> $("#history-charts").getDomAttribute("data-drawn-at-ms"));
            for (String chart : APPLICATION_CHARTS) {
                assertThat(pointsOf(chart, "seed-h", chart.equals("latency") ? "p99" : null)).as(chart).isEqualTo(180);
            }
            assertThat(pointsOf("worker-busy", "seed-cpu-3", null)).isEqualTo(180);
            System.out.printf("admin page: charts with a full 15-minute history (180 samples, 8 applications, 4 workers) "
                    + "first drawn %s ms after the page began to load (drawing took %s ms; target: within 1000 ms)%n",
                    drawnAt, $("#history-charts").getDomAttribute("data-render-ms"));
        } finally {
            browser.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", java.util.Map.of("identifier", id));
        }
    }

    /**
     * A served request's id typed in shows its timeline as a waterfall: spans from the gateway, the scheduler and
     * the worker, each a bar with its name, service and duration; the trace id the timeline names shows the same
     * request; an id no timeline is held for is said in the page.
     */
    @Test
    void aServedRequestsIdShowsItsWaterfallAndAnUnknownOneIsSaid() {
        Oip oip = new Oip(e2e);
        // A request served (the suite's first may meet a cold path and be dropped: then another, under a new id).
        String requestId = null;
        JsonHttp.Response served = null;
        for (int attempt = 0; attempt < 10 && (served == null || served.status() != 200); attempt++) {
            requestId = "admin-waterfall-" + System.nanoTime();
            served = oip.post("/v2/models/fashion-single/infer", oip.request(0, 1).put("id", requestId));
        }
        Oip.probabilities(served, "fashion-single", 1);
        openWithKey();
        ((JavascriptExecutor) browser).executeScript("document.getElementById('request-timeline').scrollIntoView()");

        showTimeline(requestId);
        List<WebElement> spans = all("#timeline svg.waterfall g.span");
        assertThat(spans).extracting(g -> g.getDomAttribute("data-service")).contains("gateway", "scheduler", "worker");
        for (WebElement span : spans) {
            assertThat(span.findElements(By.tagName("rect"))).as("bar of " + span.getDomAttribute("data-span")).hasSize(1);
            assertThat(span.findElement(By.cssSelector("text.span-label")).getDomProperty("textContent"))
                    .isEqualTo(span.getDomAttribute("data-span") + " · " + span.getDomAttribute("data-service"));
            assertThat(span.findElement(By.cssSelector("text.span-duration")).getDomProperty("textContent"))
                    .matches("\\d+\\.\\d{3} ms");
        }
        assertThat($("#timeline dd[data-fact='request']").getText()).isEqualTo(requestId);
        assertThat($("#timeline dd[data-fact='outcome']").getText()).startsWith("served");
        assertThat(all("#timeline table.span-list tbody tr")).hasSize(spans.size());
        String traceId = $("#timeline dd[data-fact='trace']").getText();
        assertThat(traceId).matches("[0-9a-f]{32}");

        showTimeline(traceId);
        assertThat($("#timeline dd[data-fact='request']").getText()).isEqualTo(requestId);
        assertThat(all("#timeline svg.waterfall g.span")).hasSize(spans.size());

        type(field("timeline-form", "id"), "no-such-request-" + requestId);
        $("#timeline-form button[type=submit]").click();
        assertThat(visible("#timeline p.timeline-missing").getText())
                .isEqualTo("no timeline held for no-such-request-" + requestId);
        assertThat(all("#timeline svg.waterfall")).isEmpty();
        assertThat($("[data-error-for='timeline-form']").isDisplayed()).isFalse();
    }

    /** Types {@code id} and shows its timeline; submitted again until the waterfall is there (a timeline may land a moment after the answer). */
    static void showTimeline(String id) {
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> {
            type(field("timeline-form", "id"), id);
            $("#timeline-form button[type=submit]").click();
            try {
                new WebDriverWait(browser, Duration.ofSeconds(3)).until(x -> !all("#timeline[data-id='" + id + "'] svg.waterfall g.span").isEmpty()
                        || !all("#timeline p.timeline-missing").isEmpty());
            } catch (org.openqa.selenium.TimeoutException notYet) {
                return false;
            }
            return !all("#timeline[data-id='" + id + "'] svg.waterfall g.span").isEmpty();
        });
    }
}
