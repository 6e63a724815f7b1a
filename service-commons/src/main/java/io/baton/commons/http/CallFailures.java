package io.baton.commons.http;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * How a {@link ServiceClient}'s caller words the ways a call to another service fails, in its own exception type
 * (what its routes answer with). {@link ServiceProblems} is the wording of a problem naming the service.
 */
public interface CallFailures {

    /** No answer: the service is down, refused the connection, or timed out. */
    RuntimeException unreachable(HttpRequest request, IOException cause);

    /** This thread was interrupted while waiting (its interrupt flag is set again before this is called). */
    RuntimeException interrupted(HttpRequest request, InterruptedException cause);

    /** An answer other than the ones the call expects (those are 200, and 404 where the call looks something up). */
    RuntimeException answered(HttpRequest request, HttpResponse<byte[]> response);
}
