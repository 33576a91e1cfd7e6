# Installing dvonn (cmake --install) and its Debian package (cpack -G DEB).
# docs/deploy.md shows both.
include(GNUInstallDirs)

# The man page, made from the program's help texts at build time and
# compressed as Debian wants it.
set(DVONN_MANPAGE ${PROJECT_BINARY_DIR}/dvonn.1.gz)
add_custom_command(
  OUTPUT ${DVONN_MANPAGE}
  COMMAND sh ${PROJECT_SOURCE_DIR}/packaging/manpage.sh $<TARGET_FILE:dvonn> ${PROJECT_BINARY_DIR}/dvonn.1
  COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/dvonn.1
  DEPENDS dvonn ${PROJECT_SOURCE_DIR}/packaging/manpage.sh
  COMMENT "Writing the dvonn(1) man page from the help texts")
add_custom_target(dvonn_manpage ALL DEPENDS ${DVONN_MANPAGE})
# Debian wants the changelog compressed, like the man page.
set(DVONN_CHANGELOG ${PROJECT_BINARY_DIR}/changelog.gz)
add_custom_command(
  OUTPUT ${DVONN_CHANGELOG}
  COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/packaging/changelog > ${DVONN_CHANGELOG}
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog)
add_custom_target(dvonn_changelog ALL DEPENDS ${DVONN_CHANGELOG})

install(TARGETS dvonn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${DVONN_MANPAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# The README and docs/ side by side, so the README's links work.
install(FILES README.md ${DVONN_CHANGELOG} DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# The systemd unit runs the binary where this install puts it: the prefix is
# known only at install time (cpack installs into /usr, cmake --install
# wherever --prefix says), so the unit is written then.
install(CODE "
  set(unit \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/systemd/system/dvonn.service\")
  set(BINDIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  message(STATUS \"Installing: \${unit}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/packaging/dvonn.service.in\" \"\${unit}\" @ONLY)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${unit}\")
")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dvonn)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "board game DVONN: rules, engine and web game server")
# Lines of at most 80 characters, as Debian's control files want them.
set(CPACK_PACKAGE_DESCRIPTION "dvonn plays, studies and computes DVONN, the stacking game of Kris Burm's
GIPF project: an exact rules core, a strong engine, a CodeCup player and
match referee, and a web game server with a browser UI (dvonn serve, run
by dvonn.service).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES TRUE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "dvonn maintainers <maintainers@users.noreply.a-seed-feb14535.example>")
# Not "games": Debian puts those programs in /usr/games, off root's PATH,
# and dvonn is also a server.
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries' packages (libsqlite3-0, libsodium23, ...) come from
# dpkg-shlibdeps; adduser makes the service's user.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/postinst ${PROJECT_SOURCE_DIR}/packaging/prerm ${PROJECT_SOURCE_DIR}/packaging/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
