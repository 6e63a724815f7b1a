package io.baton.registry.persistence;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import jakarta.persistence.AttributeConverter;

/**
 * A value stored as JSON text in a varchar column. The schema keeps JSON as text (not {@code jsonb}) so the same
 * migrations run on PostgreSQL and on the embedded H2; the registry never queries inside these documents.
 */
public abstract class JsonColumn<T> implements AttributeConverter<T, String> {

    static final ObjectMapper MAPPER = JsonMapper.builder().findAndAddModules().build();

    private final JavaType type;

    /** Reads {@code T} from the concrete converter's declaration ({@code extends JsonColumn<List<String>>}). */
    protected JsonColumn() {
        Type declared = ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
        this.type = MAPPER.getTypeFactory().constructType(declared);
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
