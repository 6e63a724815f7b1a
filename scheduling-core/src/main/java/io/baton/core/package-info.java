/** Baton's scheduling core: plain Java, no Spring. */
package io.baton.core;
