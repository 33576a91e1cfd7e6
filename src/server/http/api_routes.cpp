// The route table of the JSON API (docs/server-api.md,
// docs/community-api.md) and the matching of a request against it.
#include <algorithm>

#include "server/http/api.hpp"

namespace dvonn::server {
namespace {

// "/api/games/x" as {"api", "games", "x"}; a trailing slash adds nothing.
std::vector<std::string_view> path_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  for (std::string_view rest = path.substr(std::min<std::size_t>(1, path.size())); !rest.empty();) {
    auto slash = rest.find('/');
    segments.push_back(rest.substr(0, slash));
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
  }
  return segments;
}

// Whether the path's segments fit the pattern's, and its {} segments.
bool fits(std::string_view pattern, const std::vector<std::string_view>& segments, std::vector<std::string>& params) {
  std::vector<std::string_view> wanted = path_segments(pattern);
  if (wanted.size() != segments.size()) return false;
  params.clear();
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    if (wanted[i] == "{}")
      params.emplace_back(segments[i]);
    else if (wanted[i] != segments[i])
      return false;
  }
  return true;
}

}  // namespace

std::span<const ApiRoute> Api::routes() {
  using enum Reads;
  using enum Access;
  using enum Body;
  // method, pattern, reads, who, body, handler
  static const ApiRoute table[] = {
      {"POST", "/api/games", Memory, Anyone, Json, &Api::create_game},
      {"GET", "/api/games/{}", GameIfAbsent, Anyone, None, &Api::game_state},
      {"GET", "/api/games/{}/record", GameIfAbsent, Anyone, None, &Api::game_record},
      {"GET", "/api/games/{}/seat", GameIfAbsent, Anyone, None, &Api::game_seat},
      {"POST", "/api/games/{}/join", GameIfAbsent, Anyone, None, &Api::join_game},
      {"POST", "/api/games/{}/moves", GameIfAbsent, Anyone, Object, &Api::play_move},
      {"POST", "/api/games/{}/undo", GameIfAbsent, Anyone, Object, &Api::undo_move},
      {"POST", "/api/games/{}/hint", GameIfAbsent, Anyone, Object, &Api::hint},
      {"POST", "/api/games/{}/resign", GameIfAbsent, Anyone, Object, &Api::resign_game},
      {"POST", "/api/games/{}/abort", GameIfAbsent, Anyone, Object, &Api::abort_game},
      {"POST", "/api/games/{}/rematch", GameIfAbsent, Anyone, Object, &Api::rematch_game},
      {"POST", "/api/games/{}/rematch/decline", GameIfAbsent, Anyone, Object, &Api::rematch_decline},
      {"POST", "/api/games/{}/takeback", GameIfAbsent, Anyone, Object, &Api::takeback_request},
      {"POST", "/api/games/{}/takeback/accept", GameIfAbsent, Anyone, Object, &Api::takeback_accept},
      {"POST", "/api/games/{}/takeback/decline", GameIfAbsent, Anyone, Object, &Api::takeback_decline},
      {"POST", "/api/games/{}/claim", GameIfAbsent, Anyone, Object, &Api::claim_win},
      {"GET", "/api/languages", Memory, Anyone, None, &Api::languages},
      {"POST", "/api/auth/signup", Memory, Anyone, Object, &Api::signup},
      {"POST", "/api/auth/login", Memory, Anyone, Object, &Api::login},
      {"POST", "/api/auth/guest", Memory, Anyone, Object, &Api::guest},
      {"POST", "/api/auth/logout", Memory, Anyone, Object, &Api::logout},
      {"GET", "/api/lobby", Memory, Anyone, None, &Api::lobby_list},
      {"POST", "/api/lobby", Memory, User, Object, &Api::lobby_create},
      {"POST", "/api/lobby/{}/join", GameIfAbsent, User, ObjectOrEmpty, &Api::lobby_join},
      {"POST", "/api/lobby/{}/cancel", GameIfAbsent, User, ObjectOrEmpty, &Api::lobby_cancel},
      {"GET", "/api/me", Memory, Anyone, None, &Api::me},
      {"GET", "/api/me/games", Memory, User, None, &Api::my_games},
      {"GET", "/api/users/{}", Database, Anyone, None, &Api::profile},
      {"GET", "/api/archive", Database, Anyone, None, &Api::archive},
      {"GET", "/api/live", Database, Anyone, None, &Api::live},
      {"GET", "/api/users/{}/stats", Database, Anyone, None, &Api::user_stats},
      {"POST", "/api/me/password", Memory, User, Object, &Api::change_password},
      {"GET", "/api/me/games/export", Database, User, None, &Api::export_games},
      {"POST", "/api/me/delete", Memory, User, Object, &Api::delete_account},
      {"POST", "/api/users/{}/follow", Database, User, Object, &Api::follow_user},
      {"POST", "/api/users/{}/block", Database, User, Object, &Api::block_user},
      {"GET", "/api/me/friends", Database, User, None, &Api::my_friends},
      {"GET", "/api/me/blocks", Database, User, None, &Api::my_blocks},
      {"POST", "/api/challenges", Database, User, Object, &Api::challenge_create},
      {"POST", "/api/challenges/{}/accept", Database, User, ObjectOrEmpty, &Api::challenge_accept},
      {"POST", "/api/challenges/{}/decline", Database, User, ObjectOrEmpty, &Api::challenge_decline},
      {"POST", "/api/challenges/{}/cancel", Database, User, ObjectOrEmpty, &Api::challenge_cancel},
      {"GET", "/api/me/challenges", Database, User, None, &Api::my_challenges},
      {"GET", "/api/me/notifications", Database, User, None, &Api::my_notifications},
      {"POST", "/api/me/notifications/read", Database, User, Object, &Api::read_notifications},
      {"GET", "/api/presence", Database, Anyone, None, &Api::presence},
      {"POST", "/api/games/{}/chat", Database, User, Object, &Api::chat_say},
      {"GET", "/api/games/{}/chat", Database, Anyone, None, &Api::chat_read},
      {"POST", "/api/chat/{}/report", Database, User, Object, &Api::chat_report},
      {"POST", "/api/me/settings", Database, User, Object, &Api::settings},
      {"GET", "/api/seeks", Database, Anyone, None, &Api::seek_grid},
      {"POST", "/api/seeks", Database, User, Object, &Api::seek_create},
      {"POST", "/api/seeks/cancel", Database, User, ObjectOrEmpty, &Api::seek_cancel},
      {"GET", "/api/tournaments", Database, Anyone, None, &Api::tournament_list},
      {"POST", "/api/tournaments", Database, User, Object, &Api::tournament_create},
      {"GET", "/api/tournaments/{}", Database, Anyone, None, &Api::tournament_view},
      {"POST", "/api/tournaments/{}/join", Database, User, ObjectOrEmpty, &Api::tournament_join},
      {"POST", "/api/tournaments/{}/withdraw", Database, User, ObjectOrEmpty, &Api::tournament_withdraw},
      {"POST", "/api/tournaments/{}/engines", Database, User, Object, &Api::tournament_engine},
      {"POST", "/api/tournaments/{}/start", Database, User, ObjectOrEmpty, &Api::tournament_start},
      {"POST", "/api/tournaments/{}/cancel", Database, User, ObjectOrEmpty, &Api::tournament_cancel},
      {"GET", "/api/leaderboard", Database, Anyone, None, &Api::leaderboard},
      {"GET", "/api/me/tutorial", Database, User, None, &Api::tutorial_progress},
      {"POST", "/api/me/tutorial", Database, User, Object, &Api::tutorial_finish},
      {"POST", "/api/games/{}/review", Database, Anyone, ObjectOrEmpty, &Api::review_request},
      {"GET", "/api/games/{}/review", Database, Anyone, None, &Api::review_of_game},
      {"POST", "/api/reviews", Database, Anyone, Object, &Api::review_import},
      {"GET", "/api/reviews/{}", Database, Anyone, None, &Api::review_read},
      {"GET", "/api/explorer", Database, Anyone, None, &Api::explorer},
      {"GET", "/api/explorer/engine", Memory, Anyone, None, &Api::explorer_engine},
      {"GET", "/api/puzzles/next", Database, Anyone, None, &Api::puzzle_next},
      {"GET", "/api/puzzles/daily", Database, Anyone, None, &Api::puzzle_daily},
      {"GET", "/api/puzzles/{}", Database, Anyone, None, &Api::puzzle_show},
      {"POST", "/api/puzzles/{}/attempt", Database, Anyone, Object, &Api::puzzle_attempt},
      {"GET", "/api/me/puzzles", Database, User, None, &Api::my_puzzles},
  };
  return table;
}

RouteMatch match_route(std::span<const ApiRoute> routes, std::string_view method, std::string_view path) {
  RouteMatch match;
  const std::vector<std::string_view> segments = path_segments(path);
  std::vector<std::string> params;
  for (const ApiRoute& route : routes) {
    if (!fits(route.pattern, segments, params)) continue;
    if (route.method == method) {
      match.route = &route;
      match.params = std::move(params);
      return match;
    }
    if (std::find(match.methods.begin(), match.methods.end(), route.method) == match.methods.end())
      match.methods.emplace_back(route.method);
  }
  return match;
}

}  // namespace dvonn::server
