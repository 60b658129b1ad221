// The `whist` program's subcommands, one file each. Each adds itself to the CLI11 app and
// stores its exit status in `status` when it runs.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/text.h"

namespace whist::cli {

void add_variants(CLI::App& app, int& status);
void add_simulate(CLI::App& app, int& status);
void add_bench(CLI::App& app, int& status);
void add_replay(CLI::App& app, int& status);
void add_arena(CLI::App& app, int& status);
void add_play(CLI::App& app, int& status);
void add_score(CLI::App& app, int& status);
void add_load(CLI::App& app, int& status);
void add_serve(CLI::App& app, int& status);

// A command's error on stderr, one line: "whist COMMAND: MESSAGE". Its control characters are
// written as \x1b whatever put them there (an option's value, a path, a line of a file), so that
// an error cannot move the cursor, recolour or clear the terminal it is printed on.
template <typename... T>
void print_error(std::string_view command, fmt::format_string<T...> format, T&&... args) {
  std::fputs(fmt::format("whist {}: {}\n", command,
                         escape_control_characters(fmt::format(format, std::forward<T>(args)...)))
                 .c_str(),
             stderr);
}

// The check of a whole-number option from `lo` to `hi`, in place of CLI11's: it reads a uint64_t
// with strtoull, which takes "-1" for 18446744073709551615, a number too large for that same
// maximum, and "0x10" for 16 (each would run silently with a seed not given), and its
// CLI::Range and conversion say "Value x not in range" of text that is no number and "Could not
// convert" of one past int's range, without the range.
template <class T>
CLI::Validator whole_number(T lo, T hi, const char* kind) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        T n = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, n);
        if (text.empty() || ec != std::errc() || stop != end || n < lo || n > hi) {
          return fmt::format("{} is not a whole number from {} to {}", quote_input(text), lo, hi);
        }
        // CLI11 converts the text again after this check, and reads a leading 0 as octal
        // (regression: `--seed 010` ran seed 8, `--deals 09` was refused as "Could not convert"):
        // so it is given as a transform, which may rewrite the text, not as a check.
        text = fmt::format("{}", n);
        return {};
      },
      fmt::format("{} in [{} - {}]", kind, lo, hi));
}

// Seeds and counts read into a uint64_t.
inline CLI::Validator whole_number_u64() { return whole_number<uint64_t>(0, UINT64_MAX, "UINT"); }

// Options read into an int.
inline CLI::Validator whole_number_in(int64_t lo, int64_t hi) {
  return whole_number<int64_t>(lo, hi, "INT");
}

// The check of an option read into a double, in place of CLI::Range, which lets "nan" through
// (every comparison with it is false): `serve --grace nan` made the grace a meaningless number.
inline CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        double x = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, x);
        if (text.empty() || ec != std::errc() || stop != end || !std::isfinite(x) || x < lo ||
            x > hi) {
          return fmt::format("{} is not a number from {} to {}", quote_input(text), lo, hi);
        }
        text = fmt::format("{}", x);  // as above: what was checked is what CLI11 converts
        return {};
      },
      fmt::format("FLOAT in [{} - {}]", lo, hi));
}

// The check of a name, a file or a list that may not be empty: CLI11 takes "" as a value, and
// the command went on as if the option were not given (regression: `play --resume ''` started a
// new game, `serve --db ''` ran on a temporary database that is lost when it stops).
inline CLI::Validator not_empty() {
  return CLI::Validator(
      [](std::string& text) -> std::string { return text.empty() ? "an empty value" : ""; }, "");
}

}  // namespace whist::cli
