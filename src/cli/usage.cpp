#include "cli/usage.h"

#include <algorithm>
#include <regex>

#include "core/text.h"

namespace whist::cli {

namespace {

// The arguments CLI11 left over, in the order they were typed: its message lists some last first
// (regression: `variants romanian --players 3` was told "unexpected arguments: 3 --players"),
// and joined by spaces it cannot show an empty argument or one holding a space. The app's
// remaining() keeps them as typed. After a `--` it is empty, and the message's words are all
// there is: put in the order of the command line when they stand there last first.
std::vector<std::string> left_over(const CLI::App& failed, const std::string& said,
                                   const std::vector<std::string>& args) {
  if (std::vector<std::string> extras = failed.remaining(); !extras.empty()) return extras;
  std::vector<std::string> words;
  for (size_t at = 0;;) {
    const size_t space = said.find(' ', at);
    words.push_back(said.substr(at, space == std::string::npos ? space : space - at));
    if (space == std::string::npos) break;
    at = space + 1;
  }
  const auto typed_in_order = [&args](const std::vector<std::string>& w) {
    auto from = args.begin();
    for (const std::string& word : w) {
      from = std::find(from, args.end(), word);
      if (from == args.end()) return false;
      ++from;
    }
    return true;
  };
  if (!typed_in_order(words) && typed_in_order({words.rbegin(), words.rend()})) {
    std::ranges::reverse(words);
  }
  return words;
}

// Whether a left-over argument was typed as an option: it starts with '-' and stands before any
// `--`, after which everything is an argument (`variants romanian -- x -y`).
bool typed_as_option(const std::string& extra, const std::vector<std::string>& args) {
  if (!extra.starts_with("-")) return false;
  const auto end = std::ranges::find(args, std::string("--"));
  return std::find(args.begin(), end, extra) != end;
}

// What CLI11 said, where it misleads: with no command known it says "A subcommand is required"
// of `whist frob`, and of an option given no value "1 required
// UINT:UINT in [0 - 18446744073709551615] missing", and of an unknown option "The following
// argument was not expected".
std::string reworded(const CLI::App& failed, const CLI::Error& e,
                     const std::vector<std::string>& args) {
  if (failed.get_parent() == nullptr && e.get_name() == "RequiredError") {
    std::string names;
    for (const CLI::App* sub : failed.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (args.empty()) return "a command is needed, one of " + names;
    // (An option before the command is unknown_leading_option's.)
    return "unknown command " + quote_input(args.front()) + ": the commands are " + names;
  }
  static const std::regex kValueMissing(R"(^(\S+): \d+ required .* missing$)");
  static const std::regex kExtras(
      R"(^The following argument(s?) (?:was|were) not expected: (.*)$)");
  std::smatch m;
  const std::string what = e.what();
  if (std::regex_match(what, m, kValueMissing)) return m[1].str() + " needs a value";
  // "options" is only the name the program gives the option=value pairs (regression: "options
  // excludes --resume" named nothing the user typed or the help shows).
  static const std::regex kPairsExcluded(R"(^options excludes (\S+)$)");
  if (std::regex_match(what, m, kPairsExcluded)) {
    // The pairs as CLI11 took them, not a scan of the arguments: an option's value may hold an
    // `=` too (regression: `--resume g=1.json hook=off` quoted the file).
    std::string pair;
    if (const CLI::Option* pairs = failed.get_option_no_throw("options");
        pairs != nullptr && !pairs->results().empty()) {
      pair = pairs->results().front();
    }
    return (pair.empty() ? "" : quote_input(pair) + ": ") +
           "option=value pairs cannot be given with " + m[1].str() +
           " (the rules come from the file)";
  }
  if (!std::regex_match(what, m, kExtras)) return what;
  const std::vector<std::string> extras = left_over(failed, m[2].str(), args);
  if (const auto option = std::ranges::find_if(
          extras, [&args](const std::string& extra) { return typed_as_option(extra, args); });
      option != extras.end()) {
    // The first unknown option is the mistake to name: what follows it may be its value.
    return "unknown option " + quote_input(*option);
  }
  std::string quoted;
  for (const std::string& extra : extras)
    quoted += (quoted.empty() ? "" : " ") + quote_input(extra);
  return std::string("unexpected argument") + (extras.size() > 1 ? "s" : "") + ": " + quoted;
}

}  // namespace

std::string usage_error(const CLI::App& app, const CLI::Error& e,
                        const std::vector<std::string>& args) {
  // CLI11 passes the app that was asked to exit; the subcommand it was parsing is the one named.
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  const CLI::App& failed = chosen.empty() ? app : *chosen.front();
  const std::string command =
      failed.get_parent() == nullptr ? "whist" : "whist " + failed.get_name();
  // Control characters of the command line as typed are written as \x1b, as in every other
  // error of whist's, so that a refusal cannot recolour the terminal.
  std::string text = command + ": " + escape_control_characters(reworded(failed, e, args)) + "\n";
  if (failed.get_help_ptr() != nullptr) {
    text += "Run " + command + " --help for more information.\n";
  }
  return text;
}

std::string unknown_leading_option(const CLI::App& app, const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (!arg.starts_with("-") || arg == "--") return {};
    const std::string name = arg.substr(0, arg.find('='));
    for (const CLI::Option* option : app.get_options()) {
      if (option->check_name(name)) return {};  // --help or --version: it ends the program
    }
    return "whist: unknown option " + quote_input(arg) +
           "\nRun whist --help for more information.\n";
  }
  return {};
}

}  // namespace whist::cli
