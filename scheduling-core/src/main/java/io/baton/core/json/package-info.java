/** JSON input in the user's terms: Jackson's refusals described by field path and expected JSON kind. */
package io.baton.core.json;
