// `whist play`: the terminal. Lines are read with read(2) rather than std::getline so that
// Ctrl-C (SIGINT), SIGTERM and SIGHUP interrupt a wait for input: the game is then saved and the
// program exits, instead of dying with the game lost.
#pragma once

#include <string>

namespace whist::cli {

// Installs the handlers of SIGINT, SIGTERM and SIGHUP, which only set a flag (no SA_RESTART, so
// a blocked read returns).
void catch_interrupts();
// Whether one of those signals arrived.
bool interrupted();

enum class ReadResult { Line, End, Interrupted };

// Reads one line from standard input, without its newline.
ReadResult read_line(std::string& line);

// Drops what was typed before the screen it would answer was shown (keys typed ahead while the
// bots moved, or by the last player before the keyboard was passed on), when standard input is
// a terminal. Piped input is a script, read as it comes.
void discard_typeahead();

// Whether standard output is a terminal, and whether its locale speaks UTF-8 (LC_ALL, LC_CTYPE,
// LANG, the first one set), and whether colour is welcome (not TERM=dumb, no NO_COLOR).
bool stdout_is_terminal();
bool stdin_is_terminal();
// What clears a terminal's screen and scrollback: their escape codes, or for a terminal that has
// none (TERM=dumb or unset) enough empty lines to push the screen out of sight.
std::string clear_screen_text();
// Whether clear_screen_text() clears the scrollback: a terminal known to understand escape codes
// (TERM set, and not dumb).
bool terminal_clears_scrollback();
bool locale_is_utf8();
bool colour_wanted();

}  // namespace whist::cli
