"""The app's features as models (editor, embeds, links, saved games, storage, move log, image
export, new game, settings, guide screen): they ask a game's registered objects and never name a
game. Only `qipan.web` touches the browser."""
