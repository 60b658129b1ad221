#!/usr/bin/env python3
"""A whist engine in Python for `whist arena --bots ext:...` (docs/bot-protocol.md).

It bids what it guesses it can take (its aces and trumps above ten, within the legal bids),
plays its highest card when it still needs tricks and its lowest otherwise, and takes the first
legal action in every other phase. Run it with:

    whist arena --bots "ext:python3 examples/bots/simple_bot.py",random,random,random
"""
import json
import sys

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0]) if card[0] in RANKS else len(RANKS)  # jokers rank highest


def choose(view):
    legal = view["legal"]
    texts = [a["text"] for a in legal]
    hand = view["own_hand"]
    if view["phase"] == "bidding":
        trump = view["trump"]
        guess = sum(1 for c in hand if c[0] == "A" or (c[1] == trump and rank(c) >= 9))
        bids = [int(t.split()[1]) for t in texts if t.startswith("bid ")]
        if bids:
            return "bid %d" % min(bids, key=lambda b: abs(b - guess))
    plays = [t.split()[1] for t in texts if t.startswith("play ")]
    if plays:
        seat = view["seat"]
        bid = view["bids"][seat]
        need = bid is not None and view["tricks"][seat] < bid
        return "play " + (max if need else min)(plays, key=rank)
    return str(legal[0]["code"])


def main():
    for line in sys.stdin:
        command, _, rest = line.rstrip("\n").partition(" ")
        if command == "whist-bot":
            if rest != "1":
                print("error protocol version %s is not supported" % rest, flush=True)
                return
            print("ready simple_bot.py 1.0", flush=True)
        elif command == "choose":
            print(choose(json.loads(rest)), flush=True)
        elif command == "quit":
            return
        # new-deal, rules and commands this engine does not know: nothing to answer.


if __name__ == "__main__":
    main()
