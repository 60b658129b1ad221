# An engine for tests/external_test.cpp: plays the first legal action, and sends its first answer
# after a comment line of argv[1] bytes (its '#' included, its end not), the two in one write, so
# that the line's end comes in the same read as its last bytes.
import json
import sys

length = int(sys.argv[1])
said = False
for line in sys.stdin:
    cmd, _, rest = line.rstrip("\n").partition(" ")
    if cmd == "whist-bot":
        print("ready long_line", flush=True)
    elif cmd == "choose":
        answer = str(json.loads(rest)["legal"][0]["code"]) + "\n"
        if not said:
            answer = "#" + "x" * (length - 1) + "\n" + answer
            said = True
        sys.stdout.buffer.write(answer.encode())
        sys.stdout.buffer.flush()
    elif cmd == "quit":
        break
