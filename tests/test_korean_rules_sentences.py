"""In Korean, the rules' sentences of Rummikub and Rummikub Word and core's are Korean: the
catalog (assets/locale/ko/games-rummikub.po) is read and the placeholders are filled in. Tile
notation and words stay as written."""

from __future__ import annotations

import re

import pytest
from rk_builder import ids, position

from tilegames.core.text import i18n
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.records.journal import load_journal
from tilegames.games.rummikub.actions import Play
from tilegames.games.rummikub.game import GAME as RUMMIKUB
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.game import GAME as WORD

HANGUL = re.compile("[\uac00-\ud7a3]")


def test_an_initial_meld_of_24_points_is_refused_in_korean_with_24_and_30():
    i18n.set_language("ko")
    state = position(["R7 R8 R9 K1 K2", "B1 B2 B3"], melded=[False, False])
    with pytest.raises(IllegalMove) as refused:
        RUMMIKUB.resolve(state, 0, Play(ids(state, "R7 R8 R9")))
    assert refused.value.reasons == ("첫 등록이 24점입니다. 자기 타일로 30점 이상이어야 합니다.",)


def test_a_rummikub_word_play_is_told_in_korean_naming_the_words():
    i18n.set_language("ko")
    notation = WORD.scenario
    state = notation.position(WordRummikubConfig(), ("민수", "지영"),
                              {"racks": {"민수": "PLANETS", "지영": "ABCDEFG"}, "melded": ["민수"]}, 1)
    outcome = WORD.resolve(state, 0, notation.move(state, 0, "play PLANET"))
    text = outcome.events[0].text
    assert text.startswith("민수이(가) 냈습니다: PLANET, 6점.")
    assert "PLANET" in text and HANGUL.search(text)


def test_a_damaged_save_is_named_in_a_korean_sentence():
    i18n.set_language("ko")
    with pytest.raises(BadRecord) as damaged:
        load_journal(b'{"not": "a journal"}\n')
    assert HANGUL.search(str(damaged.value)), str(damaged.value)
    assert "tilegames" in str(damaged.value)


def test_the_same_refusal_stays_english_by_default():
    state = position(["R7 R8 R9 K1 K2", "B1 B2 B3"], melded=[False, False])
    with pytest.raises(IllegalMove, match="worth 24 points; it needs at least 30"):
        RUMMIKUB.resolve(state, 0, Play(ids(state, "R7 R8 R9")))


def test_a_shipped_demo_checks_out_in_korean_too():
    """Scenarios quote the engine's English sentences; the check plays them in English."""
    from pathlib import Path

    from tilegames.core.scenarios.check import check_scenario
    from tilegames.core.scenarios.load import load_scenario

    demos = sorted((Path(__file__).parent.parent / "assets" / "demos").rglob("*.toml"))
    refusing = next(p for p in demos if "refused" in p.read_text(encoding="utf-8") and "rummikub" in p.name)
    i18n.set_language("ko")
    report = check_scenario(load_scenario(refusing))
    assert report and all(line.ok for line in report), [str(line) for line in report]
    assert i18n.language() == "ko"
