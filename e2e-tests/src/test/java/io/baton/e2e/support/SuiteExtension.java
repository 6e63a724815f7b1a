package io.baton.e2e.support;

import static org.assertj.core.api.Assumptions.assumeThat;

import io.baton.cli.zoo.FashionMnist;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test classes (and their {@code @BeforeAll} methods) the one {@link E2eSuite} of this JVM: started by the
 * first class that asks, kept in JUnit's root store, and closed (every process stopped, the schema dropped) when the
 * test run ends. Without Fashion-MNIST the tests are skipped, saying so.
 */
public final class SuiteExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == E2eSuite.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        assumeThat(FashionMnist.missingFile(FashionMnist.DEFAULT_DIR)).as("Fashion-MNIST (Debian package dataset-fashion-mnist)").isNull();
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(E2eSuite.class.getName(), key -> new Running(startSuite()), Running.class).suite();
    }

    private static E2eSuite startSuite() {
        try {
            return E2eSuite.start();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Closed by JUnit when the root context closes, i.e. after the last test of the run. */
    record Running(E2eSuite suite) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            suite.close();
        }
    }
}
