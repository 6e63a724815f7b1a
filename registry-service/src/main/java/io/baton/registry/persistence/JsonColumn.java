package io.baton.registry.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import jakarta.persistence.AttributeConverter;

/**
 * A value stored as JSON text in a varchar column. The schema keeps JSON as text (not {@code jsonb}) so the same
 * migrations run on PostgreSQL and on the embedded H2; the registry never queries inside these documents.
 */
public abstract class JsonColumn<T> implements AttributeConverter<T, String> {

    static final ObjectMapper MAPPER = JsonMapper.builder().findAndAddModules().build();

    private final TypeReference<T> type;

    protected JsonColumn(TypeReference<T> type) {
        this.type = type;
    }

    @Override
    public String convertToDatabaseColumn(T value) {
        if (value == null) return null;
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON column", e);
        }
    }

    @Override
    public T convertToEntityAttribute(String json) {
        if (json == null) return null;
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("corrupt JSON column: " + e.getOriginalMessage(), e);
        }
    }
}
