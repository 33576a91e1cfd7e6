#include "server/http/family_param.hpp"

#include <nlohmann/json.hpp>

#include "community/time_control_family.hpp"
#include "server/http/url.hpp"

namespace dvonn::server {

std::optional<HttpReply> family_param(std::string_view query, std::string& out) {
  out.clear();
  if (!has_query_param(query, "family")) return std::nullopt;
  std::string family = query_param(query, "family");
  if (community::is_time_control_family(family)) {
    out = family;
    return std::nullopt;
  }
  const auto& all = community::time_control_families();
  std::string list;
  for (const auto& f : all) list += (list.empty() ? "" : ", ") + f;
  HttpReply reply;
  reply.status = 400;
  reply.body = nlohmann::json{{"error", "family must be one of " + list}, {"families", all}}.dump();
  return reply;
}

}  // namespace dvonn::server
