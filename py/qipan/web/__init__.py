"""The shell: the only modules that import js / pyodide / pyscript (the page, DOM helpers, the
computer player's worker client, sound)."""
