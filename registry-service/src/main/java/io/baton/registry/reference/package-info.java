/**
 * What refers to an application or an artifact: the rows that refuse their delete with 409 while they exist, since
 * the registry deletes nothing in cascade ({@link io.baton.registry.reference.References}).
 */
package io.baton.registry.reference;
