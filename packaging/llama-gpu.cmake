# Included at the end of llama-cpp-python's own project() call (CMAKE_PROJECT_llama_cpp_INCLUDE) by
# `make gpu-wheel` (packaging/build_gpu_wheel.sh), for the CUDA wheel and for its CPU twin alike.
#
# 1. Export only the C API from every library and backend module (packaging/llama-exports.map) and
#    keep the symbols of static archives (the CUDA runtime's, if linked statically) private: a CUDA
#    build's libggml-cuda otherwise exports thousands of C++ standard-library symbols, the suspected
#    cause of the crash in llama_model::print_info when numpy or torch was imported first.
#    ELF only: a Windows DLL exports only what is marked dllexport (GGML_API, LLAMA_API) anyway.
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(_redraft_exports "-Wl,--version-script=${CMAKE_CURRENT_LIST_DIR}/llama-exports.map -Wl,--exclude-libs,ALL")
    string(APPEND CMAKE_SHARED_LINKER_FLAGS " ${_redraft_exports}")
    string(APPEND CMAKE_MODULE_LINKER_FLAGS " ${_redraft_exports}")
endif()

# 2. Relink when the export list changes. The run path: the libraries find each other beside them ($ORIGIN), and the CUDA backend finds the
#    CUDA runtime and cuBLAS of the pip packages nvidia-cuda-runtime and nvidia-cublas when they are
#    installed into the same site-packages (site-packages/nvidia/cu13/lib). Never the build machine's
#    own folders: llama-cpp-python turns CMAKE_INSTALL_RPATH_USE_LINK_PATH on, which would record the
#    throw-away build venv's path.
function(_redraft_set_rpaths)
    if(NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
        return()
    endif()
    foreach(target llama ggml ggml-base ggml-cpu ggml-cuda)
        if(TARGET ${target})
            set_target_properties(${target} PROPERTIES
                INSTALL_RPATH "$ORIGIN;$ORIGIN/../../nvidia/cu13/lib"
                INSTALL_RPATH_USE_LINK_PATH FALSE
                LINK_DEPENDS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/llama-exports.map")
        endif()
    endforeach()
endfunction()
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _redraft_set_rpaths)
