/**
 * The start of the name the admin's builder gives the site's window (`window.open(url, name)`, with
 * a random end so two builders never share a window). A window's name outlives its page loads, so
 * the SDK knows from its first line, on every page of that window, that the builder opened it: long
 * before the admin's `load` answer (a token request away) arrives, and so before any visitor content
 * could cover the builder's bar. The name only hides content; the builder itself still starts from
 * the admin's checked `load` message alone.
 */
export const builderWindowPrefix = "gleap-builder";
