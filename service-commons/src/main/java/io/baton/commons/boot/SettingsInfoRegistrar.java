package io.baton.commons.boot;

import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;

/** Registers the {@link SettingsInfo} of the settings record an {@link InternalService} names. */
final class SettingsInfoRegistrar implements ImportBeanDefinitionRegistrar {

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        Class<?>[] settings = metadata.getAnnotations().get(InternalService.class).getClassArray("settings");
        if (settings.length != 1) {
            throw new IllegalStateException("@InternalService names one settings record, not " + settings.length);
        }
        RootBeanDefinition info = new RootBeanDefinition(SettingsInfo.class);
        info.getConstructorArgumentValues().addGenericArgumentValue(new RuntimeBeanReference(settings[0]));
        registry.registerBeanDefinition("batonSettingsInfo", info);
    }
}
