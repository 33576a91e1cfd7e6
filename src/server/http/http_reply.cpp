#include "server/http/http_reply.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "server/base/store_error.hpp"

namespace dvonn::server {

HttpReply json_error(int status, const std::string& message) {
  HttpReply h;
  h.status = status;
  // A message may quote the client (a name, an id from a query): bytes that
  // are not UTF-8 are replaced rather than failing the answer.
  h.body = nlohmann::json{{"error", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return h;
}

HttpReply server_error(const std::string& what, const std::exception& e) {
  // The details (SQL, file names) go to the log, not to anonymous clients.
  std::cerr << "dvonn serve: " << what << ": " << e.what() << "\n";
  HttpReply h = json_error(500, dynamic_cast<const StoreError*>(&e)
                                    ? "storage error: the server could not use its database; try again later"
                                    : "internal server error; try again later");
  h.headers.emplace_back("Cache-Control", "no-store");
  return h;
}

HttpReply busy_reply(const std::string& message, int retry_after_seconds) {
  HttpReply h = json_error(503, message);
  h.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds));
  h.headers.emplace_back("Cache-Control", "no-store");
  return h;
}

HttpReply database_busy_reply() {
  return busy_reply("the server is busy reading its database; try again in a moment", 1);
}

void reply_or_server_error(const std::string& what, const std::function<HttpReply()>& work,
                           const std::function<void(HttpReply)>& respond) {
  HttpReply reply;
  try {
    reply = work();
  } catch (const std::exception& e) {
    reply = server_error(what, e);
  }
  respond(std::move(reply));
}

}  // namespace dvonn::server
