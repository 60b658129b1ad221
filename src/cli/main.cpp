// whist: engine, bots and tools for the exact-bidding whist family. See README.md.
#include <fcntl.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/usage.h"

namespace {

// `whist --version`: what a bug report needs, the version and how this program was built.
constexpr const char* kVersion = "whist " WHIST_VERSION
#if defined(__clang__)
                                 ", clang " __clang_version__
#else
                                 ", g++ " __VERSION__
#endif
#ifdef NDEBUG
                                 ", optimised";
#else
                                 ", debug (assertions on)";
#endif

}  // namespace

int main(int argc, char** argv) {
  // A standard stream closed at start (`whist play >&-`) would be the number of the next file
  // opened: a save file's lock kept open, into which the screen would then be written
  // (regression). /dev/null holds its place; output so lost is said to be at the end.
  bool stdout_closed = false;
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd) return 2;
      stdout_closed |= fd == 1;
    }
  }
  CLI::App app{"whist: the exact-bidding whist family (Romanian, Serbian, Oh Hell, ...)"};
  app.require_subcommand(1);
  app.set_version_flag("-V,--version", kVersion);
  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  app.failure_message([&args](const CLI::App* failed, const CLI::Error& e) {
    return whist::cli::usage_error(*failed, e, args);
  });
  int status = 0;
  whist::cli::add_variants(app, status);
  whist::cli::add_simulate(app, status);
  whist::cli::add_bench(app, status);
  whist::cli::add_replay(app, status);
  whist::cli::add_arena(app, status);
  whist::cli::add_play(app, status);
  whist::cli::add_score(app, status);
  whist::cli::add_load(app, status);
  whist::cli::add_serve(app, status);
  if (const std::string refusal = whist::cli::unknown_leading_option(app, args); !refusal.empty()) {
    std::fputs(refusal.c_str(), stderr);
    return 2;
  }
  // A write that failed within the command (CLI11 ends --version with std::endl, a flush) leaves
  // its reason in errno; kept, so that the message below can give it (regression: `whist
  // --version > /dev/full` said no reason).
  int failed_within = 0;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11's own codes (100 and up) would differ from the status 2 that every other bad command
    // line gets; --help is a ParseError too, and exits 0.
    errno = 0;
    status = app.exit(e) == 0 ? 0 : 2;
    if (std::ferror(stdout) != 0 || !std::cout.good()) failed_within = errno;
  }
  // Output that could not be written (a full disk, a closed pipe's end) is an error, said where
  // it can be seen (regression: `whist replay g.json > /dev/full` exited 0 having written
  // nothing). The commands write through stdio (fmt::print) and std::cout, which goes through
  // stdio as well (synced), so one check of stdout covers both once each is flushed.
  errno = 0;  // std::cout's flush is stdout's (synced), and may be the write that fails
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno != 0 ? errno : failed_within;
  if (stdout_closed || !flushed || std::ferror(stdout) != 0 || !std::cout.good()) {
    std::string command = "whist";
    for (const CLI::App* sub : app.get_subcommands()) command += " " + sub->get_name();
    const char* why = stdout_closed ? "it was closed" : error != 0 ? std::strerror(error) : "";
    std::fprintf(stderr, "%s: cannot write the output to standard output%s%s\n", command.c_str(),
                 *why != '\0' ? ": " : "", why);
    return status != 0 ? status : 1;
  }
  return status;
}
