# An engine for tests/play_input_test.cpp: plays a random legal action, drawn from the SEED of
# new-deal and the view of the choose alone (docs/bot-protocol.md), so that a game resumed or
# undone mid-deal goes on as the game not stopped would have.
import json
import random
import sys

seed = None
for line in sys.stdin:
    cmd, _, rest = line.rstrip("\n").partition(" ")
    if cmd == "whist-bot":
        print("ready seeded_random", flush=True)
    elif cmd == "new-deal":
        seed = rest
    elif cmd == "choose":
        legal = json.loads(rest)["legal"]
        print(random.Random(seed + " " + rest).choice(legal)["code"], flush=True)
    elif cmd == "quit":
        break
