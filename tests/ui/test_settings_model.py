"""Settings: defaults from the browser, values kept, damaged values replaced one by one."""

import json

from qipan.app.settings import Settings


def test_defaults_follow_the_browser_language_and_reduced_motion():
    s = Settings.from_json(None, "zh-TW", reduced_motion=True)
    assert s.lang == "zh-TW" and s.animation == "off" and s.theme == "auto" and not s.sound


def test_stored_settings_round_trip():
    s = Settings(lang="zh-TW", theme="contrast", hand="left", face_to_face=True, sound=True,
                 animation="fast", show_odds=False)
    assert Settings.from_json(s.to_json(), "en", reduced_motion=False) == s


def test_bad_values_fall_back_one_at_a_time():
    text = json.dumps({"lang": "fr", "theme": "dark", "sound": "loud", "hand": 3, "extra": 1})
    s = Settings.from_json(text, "en", reduced_motion=False)
    assert (s.lang, s.theme, s.sound, s.hand) == ("en", "dark", False, "right")


def test_unreadable_settings_give_the_defaults():
    for text in ("{not json", "[]", "null", '"x"'):
        assert Settings.from_json(text, "en", reduced_motion=False) == Settings()


def test_an_older_settings_object_with_only_the_language_still_reads():
    assert Settings.from_json('{"lang": "zh-TW"}', "en", reduced_motion=False).lang == "zh-TW"


def test_settings_nested_too_deeply_take_the_defaults():
    assert Settings.from_json("[" * 100_000, "en", False) == Settings.from_json(None, "en", False)
