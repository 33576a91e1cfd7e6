// GET /api/leaderboard (docs/community-api.md, "Leaderboards"): a family's
// board, paged by offset as /api/me/games is, or the top of every family.
#include "server/http/api.hpp"
#include "server/http/family_param.hpp"
#include "server/http/paging_params.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kBoardPage = 50, kBoardMax = 100;
constexpr std::int64_t kOverviewPage = 10, kOverviewMax = 10;
constexpr std::int64_t kMaxOffset = 100'000;

}  // namespace

void Api::leaderboard(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::string family;
  if (auto bad = family_param(query, family)) return respond(*bad);
  std::int64_t limit = 0, offset = 0;
  bool overview = family.empty();
  if (auto why = limit_param(query, overview ? kOverviewPage : kBoardPage, overview ? kOverviewMax : kBoardMax, limit);
      !why.empty())
    return respond(json_error(400, why));
  if (!int_param(query, "offset", offset) || offset < 0 || offset > kMaxOffset)
    return respond(json_error(400, "offset must be a whole number from 0 to " + std::to_string(kMaxOffset)));
  // The overview is the top of each board: it has no further pages.
  if (overview && offset != 0) return respond(json_error(400, "offset needs a family"));
  HttpReply reply;
  std::int64_t now = p_.context.now_ms();
  reply.body = (overview ? p_.leaderboard.overview(now, static_cast<int>(limit))
                         : p_.leaderboard.board(family, now, static_cast<int>(limit), offset))
                   .dump();
  respond(reply);
}

}  // namespace dvonn::server
