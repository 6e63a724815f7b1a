package io.baton.scheduler.leader;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.scheduler.SchedulerProperties;

/** The election ({@link LeaderElection}) and the filter that keeps a standby from serving ({@link NotLeaderFilter}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LeaderProperties.class)
class LeaderConfiguration {

    @Bean
    LeaderElection leaderElection(LeaderProperties settings, SchedulerProperties scheduler,
                                  InternalCredentials credentials, ObjectMapper json,
                                  @Value("${server.port:8082}") int port) {
        String selfUrl = (settings.advertisedUrl() != null ? settings.advertisedUrl()
                : URI.create("http://" + localAddress() + ":" + port)).toString().replaceAll("/+$", "");
        String self = settings.holderId() != null ? settings.holderId()
                : hostName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        // a renewal that takes longer than the interval is as good as none: the lease would lapse around it
        Duration timeout = settings.renewInterval().compareTo(Duration.ofMillis(500)) < 0 ? Duration.ofMillis(500)
                : settings.renewInterval();
        return new LeaderElection(settings, new LeaseClient(scheduler.registryUrl(), credentials, timeout, json), self,
                selfUrl, Clock.systemUTC());
    }

    /**
     * Before the body budget (a standby should not read a body it will refuse), after the internal secret's check
     * (an unauthenticated caller learns nothing, not even who leads).
     */
    @Bean
    FilterRegistrationBean<NotLeaderFilter> notLeaderFilter(LeaderElection election, ObjectMapper json) {
        FilterRegistrationBean<NotLeaderFilter> registration = new FilterRegistrationBean<>(new NotLeaderFilter(election, json));
        registration.addUrlPatterns(NotLeaderFilter.PATTERNS);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    private static String localAddress() {
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (UnknownHostException e) {
            return "127.0.0.1";
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "scheduler";
        }
    }
}
