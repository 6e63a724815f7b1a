package io.baton.gateway.admin;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The admin page: static files under {@code classpath:/static/admin/} (plain HTML, JavaScript and CSS, nothing
 * fetched from elsewhere), served at {@code /admin/}; {@code /admin} redirects there. The page itself needs no key:
 * it holds nothing secret, and every call it makes goes to the {@code /v1} routes with the key the user typed.
 */
@Configuration(proxyBeanMethods = false)
public class AdminPageConfiguration implements WebMvcConfigurer {

    /**
     * Only this origin's own files and calls: the page loads no script, style or font from elsewhere and runs no
     * inline script, so an injected one would not run either.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addRedirectViewController("/admin", "/admin/");
        registry.addViewController("/admin/").setViewName("forward:/admin/index.html");
    }

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> adminPageHeaders() {
        FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
                response.setHeader("X-Content-Type-Options", "nosniff");
                response.setHeader("Referrer-Policy", "no-referrer");
                // A new gateway version's page is read at once, not an old cached one against a new API.
                response.setHeader("Cache-Control", "no-cache");
                chain.doFilter(request, response);
            }
        });
        registration.addUrlPatterns("/admin", "/admin/*");
        registration.setName("adminPageHeaders");
        return registration;
    }
}
