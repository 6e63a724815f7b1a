package io.baton.registry.web;

import java.util.List;
import java.util.function.Function;

import org.springframework.data.domain.Page;

/**
 * The one page shape every list endpoint answers, independent of Spring Data's own serialization (which is not a
 * stable contract): {@code {"items":[…],"page":0,"size":20,"totalItems":42,"totalPages":3}}. Pages count from 0.
 */
public record PageView<T>(List<T> items, int page, int size, long totalItems, int totalPages) {

    /** A page whose items are already views. */
    public static <T> PageView<T> of(Page<T> page) {
        return of(page, Function.identity());
    }

    public static <E, T> PageView<T> of(Page<E> page, Function<? super E, ? extends T> view) {
        List<T> items = page.getContent().stream().<T>map(view).toList();
        return new PageView<>(items, page.getNumber(), page.getSize(), page.getTotalElements(), page.getTotalPages());
    }
}
