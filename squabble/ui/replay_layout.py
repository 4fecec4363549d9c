"""The replay screen's layout (logical 1280 x 720): the screen (``replay_scene.py``) and each
game's board (``ui/<game>/replay_board.py``) place their parts by it."""

TOP_R = (0, 0, 1280, 52)          # where the replay stands and the decision that led there
BOARD_R = (0, 52, 930, 448)       # the game's map or table
SIDE_R = (930, 52, 350, 448)      # the game's tracks or side panel
HANDS_R = (0, 500, 560, 220)      # both hands
BAR_R = (560, 500, 370, 220)      # the turn strip and the buttons
LOG_R = (930, 500, 350, 220)      # the log up to the position
