/* header.cpp: include/pigment.h compiles as C++ (its declarations inside extern "C"), and a C++
 * caller owns the library's objects through unique_ptr with the matching free functions. */
#include "pigment.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

struct SessionFree {
    void operator()(PigmentSession *s) const { pigment_session_free(s); }
};
struct RequestFree {
    void operator()(PigmentRequest *r) const { pigment_request_free(r); }
};
struct ArtifactFree {
    void operator()(PigmentArtifact *a) const { pigment_artifact_free(a); }
};

int main() {
    if (pigment_abi_version() != PIGMENT_ABI_VERSION) return 1;
    std::unique_ptr<PigmentSession, SessionFree> session(pigment_session_new());
    const std::string name = "blue.cg";
    const std::string text = "float4 main() : COLOR { return float4(0, 0, 1, 1); }\n";
    if (pigment_session_add_source(session.get(), name.data(), name.size(), text.data(),
                                   text.size()) != nullptr)
        return 2;
    PigmentRequest *raw_request = nullptr;
    if (pigment_request_new(name.data(), name.size(), "wgsl", 4, &raw_request) != nullptr) return 3;
    std::unique_ptr<PigmentRequest, RequestFree> request(raw_request);
    PigmentArtifact *raw_artifact = nullptr;
    PigmentError *error = pigment_session_compile(session.get(), request.get(), &raw_artifact);
    if (error != nullptr) {
        std::fprintf(stderr, "%s", pigment_error_message(error, nullptr));
        pigment_error_free(error);
        return 4;
    }
    std::unique_ptr<PigmentArtifact, ArtifactFree> artifact(raw_artifact);
    PigmentOutput out;
    if (pigment_artifact_output(artifact.get(), 0, &out) != nullptr) return 5;
    const std::string wgsl(reinterpret_cast<const char *>(out.bytes), out.bytes_len);
    /* A WGSL fragment entry point carries the @fragment attribute (WGSL spec, 9.6). */
    return wgsl.find("@fragment") == std::string::npos ? 6 : 0;
}
