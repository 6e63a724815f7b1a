package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import java.util.List;

/** A soak's figures and verdicts as JSON ({@code --json}): the same as the table and the verdicts print. */
final class SoakJson {
    private SoakJson() {}

    static ObjectNode of(String application, double sloMs, double rate, Double capacity, List<String> services,
                         List<SoakMinute> minutes, SoakVerdicts verdicts) {
        ObjectNode root = JsonHttp.JSON.createObjectNode();
        root.put("application", application);
        root.put("sloMs", sloMs);
        root.put("rate", rate);
        if (capacity == null) root.putNull("capacity"); else root.put("capacity", capacity);
        root.put("minuteSeconds", minutes.get(0).seconds());
        ArrayNode names = root.putArray("services");
        services.forEach(names::add);
        ArrayNode rows = root.putArray("minutes");
        for (SoakMinute m : minutes) {
            ObjectNode row = rows.addObject();
            row.put("minute", m.minute());
            row.put("sent", m.sent());
            row.put("onTime", m.onTime());
            row.put("late", m.late());
            row.put("refused", m.refused());
            row.put("unanswered", m.unanswered());
            row.put("goodput", m.goodput());
            row.put("missRate", m.missRate());
            ObjectNode rss = row.putObject("rssKb");
            m.rssKb().forEach(rss::put);
        }
        ObjectNode v = root.putObject("verdicts");
        v.put("baseMinute", verdicts.baseMinute());
        v.put("lastMinute", verdicts.lastMinute());
        v.put("rssGrowthLimitPct", SoakVerdicts.RSS_GROWTH_LIMIT_PCT);
        ArrayNode growth = v.putArray("rss");
        for (SoakVerdicts.RssGrowth g : verdicts.rss()) {
            ObjectNode o = growth.addObject();
            o.put("service", g.service());
            if (g.baseKb() == null) o.putNull("baseKb"); else o.put("baseKb", g.baseKb());
            if (g.lastKb() == null) o.putNull("lastKb"); else o.put("lastKb", g.lastKb());
            if (g.growthPct() == null) o.putNull("growthPct"); else o.put("growthPct", g.growthPct());
            o.put("met", g.met());
        }
        SoakVerdicts.MissDrift d = verdicts.drift();
        ObjectNode drift = v.putObject("missRateDrift");
        drift.put("fromMinute", d.fromMinute());
        drift.put("toMinute", d.toMinute());
        drift.put("limitPp", SoakVerdicts.DRIFT_LIMIT_PP);
        if (d.available()) {
            drift.put("slopePerMinute", d.slopePerMinute());
            drift.put("risePp", d.risePp());
            drift.put("drifts", d.drifts());
        } else {
            drift.putNull("slopePerMinute");
            drift.putNull("risePp");
            drift.putNull("drifts");
        }
        return root;
    }
}
