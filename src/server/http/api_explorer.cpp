// The placement explorer: GET /api/explorer and GET /api/explorer/engine
// (docs/community-api.md "Placement explorer"). The work is server/explorer's
// PlacementExplorer.
#include "core/position_string.hpp"
#include "server/http/api.hpp"
#include "server/http/family_param.hpp"
#include "server/http/url.hpp"

namespace dvonn::server {
namespace {

HttpReply reply_of(const ExplorerAnswer& a) {
  HttpReply h;
  h.status = a.status;
  h.body = a.body.dump();
  return h;
}

// The position parameter; the empty board when absent.
std::string position_param(std::string_view query) {
  if (!has_query_param(query, "position")) return format_position(empty_board());
  return query_param(query, "position");
}

}  // namespace

void Api::explorer(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::string family;
  // "all" is every family, as no family is.
  if (query_param(query, "family") != "all")
    if (auto bad = family_param(query, family)) return respond(*bad);
  respond(reply_of(
      p_.explorer.explore(position_param(query), query_param(query, "source"), query_param(query, "band"), family)));
}

void Api::explorer_engine(const ApiCall& call, Respond respond) {
  respond(reply_of(p_.explorer.engine_view(position_param(call.request.query), call.caller.address,
                                           call.caller.user ? call.caller.user->id : 0)));
}

}  // namespace dvonn::server
