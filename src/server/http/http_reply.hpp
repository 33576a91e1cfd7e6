// An answer to an HTTP request, independent of the HTTP library, and the
// answers every part of the server gives the same way: errors as JSON, a
// 500 that keeps the details in the log, a 503 that says when to come back.
#pragma once

#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace dvonn::server {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra ones
};
using Respond = std::function<void(HttpReply)>;

// {"error": message} with a status.
HttpReply json_error(int status, const std::string& message);
// A 500 for an exception a request ran into (StoreError: the database
// failed); logs it to stderr with `what` (the request).
HttpReply server_error(const std::string& what, const std::exception& e);
// A 503: a queue of the server is full; the client may retry after
// retry_after_seconds.
HttpReply busy_reply(const std::string& message, int retry_after_seconds);
// The 503 of a full database read queue (API requests and WebSocket
// upgrades of games not in memory).
HttpReply database_busy_reply();
// Runs work and answers with its reply, or with a 500 (server_error) when it
// throws: what every task posted off the network threads does.
void reply_or_server_error(const std::string& what, const std::function<HttpReply()>& work,
                           const std::function<void(HttpReply)>& respond);

}  // namespace dvonn::server
