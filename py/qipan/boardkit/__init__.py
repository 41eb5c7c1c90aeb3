"""The browser-free kit every game's UI is built on: the play screen base, the canvas helpers,
the SVG recorder and markup escaping. Imports core, match and i18n; never a game, never the browser."""
