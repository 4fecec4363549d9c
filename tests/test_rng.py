"""The seeded generator's helpers for walking every outcome of one draw (squabble/rng.py)."""

from squabble import rng as R


def test_forcing_gives_the_draw_asked_for():
    for bits in (0, 1, 2, 11, 6 * 7 - 1, 2 ** 63 + 5, R.MASK):
        st = {"rng": R.forcing(bits)}
        assert R.next_u64(st) == bits


def test_the_kth_card_of_any_hand_is_drawn_from_forcing_k():
    for n in range(1, 13):
        for k in range(n):
            st = {"rng": R.forcing(k), "dice": []}
            assert R.randbelow(st, n) == k
        st = {"rng": R.forcing(n + 2)}
        assert R.randbelow(st, n) == 2 % n       # past the hand's size the draws repeat


def test_draws_between_counts_the_draws():
    st = {"rng": R.seed_value(77)}
    before = st["rng"]
    assert R.draws_between(before, before) == 0
    R.randbelow(st, 6)
    R.shuffle(st, list(range(4)))                  # three more draws
    assert R.draws_between(before, st["rng"]) == 4
    assert R.draws_between(st["rng"], before) != 4     # not backwards
