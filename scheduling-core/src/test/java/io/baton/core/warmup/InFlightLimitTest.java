package io.baton.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InFlightLimitTest {

    private static void call(InFlightLimit l, boolean served) throws InterruptedException {
        l.acquire();
        l.release(served);
    }

    @Test
    void aFailureHalvesTheLimitDownToOneAndServedCallsGrowItBackOneAtATime() throws InterruptedException {
        InFlightLimit l = new InFlightLimit(16);
        assertThat(l.limit()).isEqualTo(16);
        call(l, false);
        assertThat(l.limit()).isEqualTo(8);
        for (int i = 0; i < 4; i++) call(l, false);
        assertThat(l.limit()).isEqualTo(1);
        call(l, true);
        assertThat(l.limit()).isEqualTo(2); // one served in a row at a limit of 1
        call(l, true);
        assertThat(l.limit()).isEqualTo(2);
        call(l, true);
        assertThat(l.limit()).isEqualTo(3); // two in a row at 2
        call(l, false);
        assertThat(l.limit()).isEqualTo(1);
    }

    @Test
    void theLimitNeverGrowsPastTheMostAskedFor() throws InterruptedException {
        InFlightLimit l = new InFlightLimit(3);
        for (int i = 0; i < 100; i++) call(l, true);
        assertThat(l.limit()).isEqualTo(3);
        assertThatThrownBy(() -> new InFlightLimit(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void callsPastTheLimitWaitForOneToEnd() throws InterruptedException {
        InFlightLimit l = new InFlightLimit(2);
        call(l, false); // limit 1
        l.acquire();
        Thread second = new Thread(() -> {
            try {
                l.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        second.start();
        second.join(200);
        assertThat(second.isAlive()).as("waits while one call is in flight at a limit of 1").isTrue();
        l.release(true);
        second.join(10_000);
        assertThat(second.isAlive()).isFalse();
    }
}
