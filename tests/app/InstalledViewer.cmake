# Installs the build into a scratch prefix and runs the installed programs
# from an empty working directory, away from the build and source trees: they
# must find their SPIR-V and the default heightmap under P/share/cbt-terrain
# and render the same frame as the build-tree viewer.
#
#   cmake -DBUILD_DIR=<build> -DSCRATCH=<dir> -DBUILT_VIEWER=<cbt-terrain> -P InstalledViewer.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}/cwd")
set(prefix "${SCRATCH}/prefix")

execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE installed OUTPUT_QUIET ERROR_VARIABLE installErrors)
if(NOT installed EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${installed}): ${installErrors}")
endif()
foreach(file IN ITEMS bin/cbt-terrain bin/cbt-bench bin/cbt-heightgen share/cbt-terrain/assets/terrain-4096.png)
  if(NOT EXISTS "${prefix}/${file}")
    message(FATAL_ERROR "the install lacks ${file}")
  endif()
endforeach()
file(GLOB spirv "${prefix}/share/cbt-terrain/shaders/*.spv" "${prefix}/share/cbt-terrain/shaders/*/*.spv")
if(NOT spirv)
  message(FATAL_ERROR "the install has no SPIR-V under share/cbt-terrain/shaders")
endif()

# The installed viewer names its own copy of the default heightmap.
execute_process(COMMAND "${prefix}/bin/cbt-terrain" --help WORKING_DIRECTORY "${SCRATCH}/cwd"
                RESULT_VARIABLE helpExit OUTPUT_VARIABLE help)
string(FIND "${help}" "${prefix}/share/cbt-terrain/assets/terrain-4096.png" defaultAt)
if(NOT helpExit EQUAL 0 OR defaultAt EQUAL -1)
  message(FATAL_ERROR "installed cbt-terrain --help (exit ${helpExit}) does not name the installed default "
                      "heightmap:\n${help}")
endif()

set(flags --headless --validate --size 96x54 --frames 4 --camera 0,2500,6000,0,-20)
execute_process(COMMAND "${prefix}/bin/cbt-terrain" ${flags} --screenshot "${SCRATCH}/installed.png"
                WORKING_DIRECTORY "${SCRATCH}/cwd" RESULT_VARIABLE viewerExit ERROR_VARIABLE viewerErrors)
if(NOT viewerExit EQUAL 0 OR NOT viewerErrors STREQUAL "")
  message(FATAL_ERROR "installed cbt-terrain exited ${viewerExit}:\n${viewerErrors}")
endif()
execute_process(COMMAND "${BUILT_VIEWER}" ${flags} --screenshot "${SCRATCH}/built.png"
                WORKING_DIRECTORY "${SCRATCH}/cwd" RESULT_VARIABLE builtExit ERROR_VARIABLE builtErrors)
if(NOT builtExit EQUAL 0)
  message(FATAL_ERROR "build-tree cbt-terrain exited ${builtExit}:\n${builtErrors}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${SCRATCH}/installed.png" "${SCRATCH}/built.png"
                RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "the installed viewer rendered another frame than the build-tree one")
endif()

execute_process(COMMAND "${prefix}/bin/cbt-bench" gpu-reduce --depth 10 --iterations 100 --validate
                WORKING_DIRECTORY "${SCRATCH}/cwd" RESULT_VARIABLE benchExit OUTPUT_VARIABLE benchOut
                ERROR_VARIABLE benchErrors)
string(FIND "${benchOut}" "GPU heap equals CPU" matchAt)
if(NOT benchExit EQUAL 0 OR matchAt EQUAL -1)
  message(FATAL_ERROR "installed cbt-bench gpu-reduce exited ${benchExit}:\n${benchOut}\n${benchErrors}")
endif()
file(REMOVE_RECURSE "${SCRATCH}")
