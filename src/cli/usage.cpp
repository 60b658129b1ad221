#include "cli/usage.h"

#include <regex>

#include "core/text.h"

namespace whist::cli {

namespace {

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
  const std::string plural = m[1].str(), extras = m[2].str();
  if (plural.empty() && extras.starts_with("-")) return "unknown option " + quote_input(extras);
  return "unexpected argument" + plural + ": " + extras;
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
