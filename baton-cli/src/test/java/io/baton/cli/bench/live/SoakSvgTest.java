package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The soak's plot: well-formed SVG with a series per service's memory, goodput and miss rate, a point per minute. */
class SoakSvgTest {

    @Test
    void thePlotIsWellFormedSvgWithEverySeriesAndAPointPerMinute() throws Exception {
        List<String> services = List.of("gateway", "scheduler", "worker <&> \"0\"");
        List<SoakMinute> minutes = new ArrayList<>();
        for (int m = 1; m <= 4; m++) {
            minutes.add(new SoakMinute(m, 60, 600, 590, 6, 4, 0, Map.of("gateway", 300_000L + m, "scheduler", 250_000L, "worker <&> \"0\"", 400_000L)));
        }
        Document svg = parse(SoakSvg.render(minutes, services, "soak of fashion-single <at> 70%"));
        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");

        List<String> series = new ArrayList<>();
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (!"series".equals(g.getAttribute("class"))) continue;
            series.add(g.getAttribute("data-series"));
            assertThat(g.getElementsByTagName("circle").getLength()).as("a point per minute in %s", g.getAttribute("data-series")).isEqualTo(4);
            String points = ((Element) g.getElementsByTagName("polyline").item(0)).getAttribute("points");
            assertThat(points.trim().split(" ")).hasSize(4);
        }
        assertThat(series).containsExactly("rss:gateway", "rss:scheduler", "rss:worker <&> \"0\"", "goodput", "miss-rate");
    }

    @Test
    void aMinuteWithoutAReadingLeavesAGapInThatServiceOnlyAndOneMinuteStillShowsItsPoint() throws Exception {
        List<SoakMinute> one = List.of(new SoakMinute(1, 60, 0, 0, 0, 0, 0, Map.of("gateway", 1024L)));
        Document svg = parse(SoakSvg.render(one, List.of("gateway", "registry"), "short"));
        NodeList groups = svg.getElementsByTagName("g");
        assertThat(((Element) groups.item(0)).getElementsByTagName("circle").getLength()).isEqualTo(1);
        assertThat(((Element) groups.item(1)).getAttribute("data-series")).isEqualTo("rss:registry");
        assertThat(((Element) groups.item(1)).getElementsByTagName("circle").getLength()).isZero();
    }

    @Test
    void scalesRoundUpWithHeadroomToOneTwoTwoAndAHalfOrFiveTimesAPowerOfTen() {
        assertThat(SoakSvg.niceCeiling(0)).isEqualTo(1);
        assertThat(SoakSvg.niceCeiling(430)).isEqualTo(500);
        assertThat(SoakSvg.niceCeiling(0.7)).isEqualTo(1);
        assertThat(SoakSvg.niceCeiling(1900)).isEqualTo(2000);
        assertThat(SoakSvg.niceCeiling(2000)).as("with 5% headroom").isEqualTo(2500);
        assertThat(SoakSvg.label(3.75)).isEqualTo("3.75");
        assertThat(SoakSvg.label(2.5)).isEqualTo("2.5");
        assertThat(SoakSvg.label(0.0625)).isEqualTo("0.0625");
        assertThat(SoakSvg.label(250)).isEqualTo("250");
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
