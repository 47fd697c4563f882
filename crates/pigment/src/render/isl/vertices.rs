//! An ISL scene's vertices for a GPU: the scene's geometry and camera, as [`Session::render_isl`]
//! reads them, through crates/scene's [`pigment_scene::gpu`] (the same vertex stage and snapping
//! as the machine's draw).

use super::IslScene;
use crate::diagnostics::Diagnostics;
use crate::error::Result;
use crate::Session;
use pigment_diag::SourceFiles;
use pigment_scene::gpu::SceneVertices;

impl Session {
    /// The vertices of `scene`'s geometry as [`render_isl`](Session::render_isl) transforms them
    /// for a `width` x `height` target (its camera, else the geometry's default one), for a GPU
    /// that draws them with [`compile_isl_scene`](Session::compile_isl_scene)'s shaders.
    pub fn isl_scene_vertices(
        &self,
        scene: &IslScene,
        (width, height): (u32, u32),
    ) -> Result<SceneVertices> {
        let (mut files, mut found) = (SourceFiles::new(), Diagnostics::new());
        let geometry = self.geometry(&scene.geometry, &mut files, &mut found)?;
        let camera = super::camera(scene.camera, &geometry, (width, height))?;
        Ok(pigment_scene::gpu::vertices(
            &geometry,
            &camera,
            (width, height),
        ))
    }
}
