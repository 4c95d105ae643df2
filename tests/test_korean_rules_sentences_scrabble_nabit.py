"""In Korean, the rules' sentences of Scrabble and Nab-It! and the network's are Korean: the
catalog (assets/locale/ko/games-scrabble-nabit.po) is read, and the placeholders filled in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tilegames.core.text import i18n
from tilegames.core.errors import IllegalMove
from tilegames.games.nabit.actions import Build
from tilegames.games.nabit.actions import Placement as NabPlacement
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.game import GAME as NABIT
from tilegames.games.nabit.tiles import printed_letter
from tilegames.games.scrabble.actions import Place, Placement
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE
from tilegames.games.scrabble.tiles import BLANK
from tilegames.net.client_messages import join_error
from tilegames.net.lobby import Lobby, WrongCodes
from tilegames.net.store import TableStore

HANGUL = re.compile("[\uac00-\ud7a3]")


def to_play(game, state) -> int:
    seat = game.current_seat(state)
    assert seat is not None
    return int(seat)


def refusal(game, state, seat: int, action) -> str:
    with pytest.raises(IllegalMove) as refused:
        game.resolve(state, seat, action)
    return " ".join(refused.value.reasons)


def test_a_first_scrabble_word_off_the_centre_star_is_refused_in_korean():
    i18n.set_language("ko")
    state = SCRABBLE.new_game(ScrabbleConfig(), ("민수", "지영"), seed=3)
    seat = to_play(SCRABBLE, state)
    tiles = state.racks[seat][:2]
    off_the_star = Place(tuple(Placement(t.id, 0, col, "A" if t.face == BLANK else t.face)
                               for col, t in enumerate(tiles)))  # A1 and B1
    said = refusal(SCRABBLE, state, seat, off_the_star)
    assert said == "첫 단어는 별표 칸(H8)을 지나야 합니다."


def test_a_nabit_first_word_of_one_letter_is_refused_in_korean_with_the_length_filled_in():
    i18n.set_language("ko")
    state = NABIT.new_game(NabItConfig(), ("민수", "지영"), seed=3)
    seat = to_play(NABIT, state)
    tile = next(t for t in state.hands[seat] if printed_letter(t) is not None)
    said = refusal(NABIT, state, seat, Build((NabPlacement(tile.id, 0, 0),)))
    assert said == "첫 단어는 2글자 이상이어야 합니다."


def test_a_wrong_join_code_is_refused_in_korean_by_the_server_and_by_the_client(tmp_path: Path):
    i18n.set_language("ko")
    store = TableStore.open(tmp_path)
    try:
        with pytest.raises(WrongCodes) as wrong:
            Lobby(store).find(("ZZZZ-ZZZZ",))
    finally:
        store.close()
    server_said = str(wrong.value)
    assert server_said == "ZZZZ-ZZZZ 코드를 가진 테이블이 여기에 없습니다. 코드를 확인하세요(코드는 K7PQ-3MZD-XW4R 같은 모양입니다)."
    where = i18n._("The server at {address}").format(address="127.0.0.1:7777")
    client_said = str(join_error({"type": "error", "error": "bad_code"}, where))
    assert client_said.startswith("127.0.0.1:7777 서버가 그 코드를 모릅니다.")
    relayed = str(join_error({"type": "error", "error": "bad_code", "message": server_said}, where))
    assert relayed == f"127.0.0.1:7777 서버가 코드를 거절했습니다: {server_said}"


def test_in_english_the_same_sentences_stay_english():
    state = SCRABBLE.new_game(ScrabbleConfig(), ("Ann", "Bob"), seed=3)
    seat = to_play(SCRABBLE, state)
    tiles = state.racks[seat][:2]
    off_the_star = Place(tuple(Placement(t.id, 0, col, "A" if t.face == BLANK else t.face)
                               for col, t in enumerate(tiles)))
    said = refusal(SCRABBLE, state, seat, off_the_star)
    assert said == "The first word must cover the centre star (H8)." and not HANGUL.search(said)
