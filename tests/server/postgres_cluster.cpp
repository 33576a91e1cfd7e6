#include "postgres_cluster.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "server/store/postgres_database.hpp"

namespace dvonn::server::testing {
namespace {

// The one script that starts and stops throwaway clusters (the e2e tests
// and the load benchmark use it too).
std::string script() { return std::string(DVONN_SOURCE_DIR) + "/scripts/pg_throwaway.sh"; }

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

PostgresCluster::PostgresCluster() {
  char folder[] = "/tmp/dvonn-pg-XXXXXX";
  if (!mkdtemp(folder)) throw std::runtime_error("mkdtemp failed");
  folder_ = folder;
  start_watchdog();
  // fsync stays on (durability is tested).
  std::string out = folder_ + ".out";
  std::string command = script() + " start " + folder_ + " 400 > " + out + " 2>&1";
  int status = std::system(command.c_str());
  std::string said = read_file(out);
  std::filesystem::remove(out);
  if (status != 0) throw std::runtime_error("PostgreSQL: `" + command + "` failed:\n" + said);
}

PostgresCluster::~PostgresCluster() {
  // The watchdog stops the cluster and removes the folder.
  close(watchdog_pipe_);
  int status = 0;
  if (watchdog_ > 0) waitpid(watchdog_, &status, 0);
}

void PostgresCluster::start_watchdog() {
  std::string command = script() + " stop " + folder_ + " >/dev/null 2>&1";
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[1]);
    char byte;
    while (read(fds[0], &byte, 1) != 0) {
    }
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[0]);
  watchdog_pipe_ = fds[1];
  watchdog_ = pid;
}

std::string PostgresCluster::fresh_database() {
  std::string name = "dvonn_test_" + std::to_string(++databases_);
  PostgresDatabase admin("host=" + folder_ + " dbname=postgres user=postgres");
  admin.exec("CREATE DATABASE " + name);
  return "host=" + folder_ + " dbname=" + name + " user=postgres";
}

std::string PostgresCluster::uri(const std::string& keywords) const {
  auto dbname = keywords.find("dbname=");
  std::string name = keywords.substr(dbname + 7, keywords.find(' ', dbname) - dbname - 7);
  // The socket folder as the host, percent-encoded (its slashes).
  std::string host;
  for (char c : folder_) host += c == '/' ? std::string("%2F") : std::string(1, c);
  return "postgresql://postgres@" + host + "/" + name;
}

PostgresCluster& shared_postgres() {
  static PostgresCluster cluster;
  return cluster;
}

bool tests_use_postgres() {
  const char* db = std::getenv("DVONN_TEST_DB");
  return db && std::string(db) == "postgres";
}

}  // namespace dvonn::server::testing
