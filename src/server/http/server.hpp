// `dvonn serve`: one process serving the UI's files, the JSON API and the
// WebSocket of live updates, with every game in SQLite.
#pragma once

#include <cstddef>
#include <memory>

#include "server/http/server_config.hpp"

namespace dvonn::server {

class Server {
 public:
  // Opens the database and listens; throws std::exception on failure (the
  // port taken, the database unreadable). Does not serve until start().
  explicit Server(ServerConfig config);
  // Stops if still running.
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The port actually listened on (useful with port 0).
  unsigned short port() const;
  // Loads the games that need attention (engine to move, running clocks,
  // the lobby), lets the engine resume thinking where it is to move, then
  // serves on background threads. Throws std::exception (StoreError) when
  // the database cannot be read; the server then does not serve.
  void start();
  // Stops accepting, closes connections, finishes pending writes. Idempotent.
  void stop();

  // Games in memory now (for tests and the load figures).
  std::size_t rooms_in_memory() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dvonn::server
