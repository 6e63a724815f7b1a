package io.baton.profiler.registry;

import java.util.List;

import io.baton.profiler.registry.RegistryModel.Application;
import io.baton.profiler.registry.RegistryModel.Dataset;

/** The calls the profiler makes on registry-service. Every method throws {@link RegistryException} on refusal. */
public interface RegistryClient {

    /**
     * Every application's name ({@code GET /v1/applications}, page by page). Not every test double lists them: the
     * default refuses.
     */
    default List<String> applicationNames() {
        throw new UnsupportedOperationException("this registry client does not list applications");
    }

    /** The application with its variants ({@code GET /v1/applications/{name}}). */
    Application application(String name);

    /** The application's validation datasets, by name. */
    List<Dataset> datasets(String application);

    /** An artifact's bytes ({@code GET /v1/artifacts/{digest}/content}). */
    byte[] artifact(String digest);

    /** Stores bytes as an artifact ({@code POST /v1/artifacts?type=data|onnx}); answers its digest. */
    String upload(byte[] bytes, String type);

    /** Creates or replaces the application's ensemble profile ({@code PUT /v1/applications/{app}/ensemble-profile}). */
    void putEnsembleProfile(String application, EnsembleProfileBody profile);

    /** Creates or replaces the profile of {@code variant} on {@code deviceKind}/{@code provider}. */
    void putProfile(String application, String variant, String deviceKind, String provider, ProfileBody profile);
}
