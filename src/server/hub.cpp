// The hub: a stub until the tables land (every call answers "not implemented").
#include "server/hub.h"

namespace whist::server {

struct Hub::Impl {
  Outlet* outlet = nullptr;
};

Action run_bot_job(const BotJob& job) { return job.view.legal.items[0]; }

Hub::Hub(const HubConfig&, Outlet& outlet) : impl_(std::make_unique<Impl>()) {
  impl_->outlet = &outlet;
}
Hub::~Hub() = default;

HttpReply Hub::http(std::string_view, std::string_view, std::string_view, int64_t) {
  return {501, "application/json", R"({"error":{"code":"not-implemented","message":"soon"}})"};
}
void Hub::open(ConnId, int64_t) {}
void Hub::message(ConnId conn, std::string_view, int64_t) {
  impl_->outlet->send(conn, R"({"type":"error","code":"not-implemented","message":"soon"})");
}
void Hub::closed(ConnId, int64_t) {}
void Hub::tick(int64_t) {}
std::optional<BotJob> Hub::next_bot_job() { return std::nullopt; }
void Hub::bot_done(const BotJob&, Action, int64_t) {}
void Hub::run_bots(int64_t) {}
int Hub::live_tables() const { return 0; }

}  // namespace whist::server
