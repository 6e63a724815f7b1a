package io.baton.registry.web;

import java.util.Arrays;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Pageable;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The {@code page} and {@code size} query parameters of every list endpoint (a handler taking a {@link Pageable}),
 * checked before Spring Data reads them: it would silently answer the default page for {@code page=-1},
 * {@code size=abc} or a size over the maximum. Refused with 400 naming the parameter and the range instead:
 * {@code page} a whole number from 0 to {@value #MAX_PAGE}, {@code size} from 1 to
 * {@code spring.data.web.pageable.max-page-size} (200).
 */
@Configuration(proxyBeanMethods = false)
public class PagingParameters implements WebMvcConfigurer {

    /** Highest page number accepted: far past any list the registry holds, and page × size stays a safe offset. */
    public static final int MAX_PAGE = 1_000_000;

    private final int maxSize;

    public PagingParameters(@Value("${spring.data.web.pageable.max-page-size:200}") int maxSize) {
        this.maxSize = maxSize;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                if (handler instanceof HandlerMethod method && Arrays.stream(method.getMethodParameters())
                        .anyMatch(p -> Pageable.class.isAssignableFrom(p.getParameterType()))) {
                    check("page", request.getParameterValues("page"), 0, MAX_PAGE);
                    check("size", request.getParameterValues("size"), 1, maxSize);
                }
                return true;
            }
        });
    }

    private static void check(String name, String[] values, int min, int max) {
        if (values == null) return;
        String range = name + " must be a whole number from " + min + " to " + max;
        if (values.length != 1) throw ApiException.invalid(name, range + ", given once");
        String value = values[0].strip();
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ApiException.invalid(name, range + ", got " + (value.isEmpty() ? "nothing"
                    : "'" + (value.length() > 16 ? value.substring(0, 16) + "…" : value) + "'"));
        }
        if (n < min || n > max) throw ApiException.invalid(name, range + ", got " + n);
    }
}
