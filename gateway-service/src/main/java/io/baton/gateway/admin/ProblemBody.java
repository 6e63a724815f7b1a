package io.baton.gateway.admin;

/** An RFC 7807 problem as the admin routes answer it ({@code type} {@code urn:baton:problem:<slug>}). */
public record ProblemBody(String type, String title, int status, String detail, String instance, String field) {
}
