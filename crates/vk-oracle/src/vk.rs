//! The Vulkan calls: instance, device, image, pipeline, one draw, one copy back. Every object made
//! is destroyed before returning, in reverse order, whether the draw worked or not.

use crate::{corner, Draw, Texture2d, ATTRIBUTES};
use ash::vk;
use std::ffi::CString;

const FORMAT: vk::Format = vk::Format::R32G32B32A32_SFLOAT;
/// Depth textures: one f32 per texel, uploaded exactly (a normalized format would round it).
const DEPTH_FORMAT: vk::Format = vk::Format::D32_SFLOAT;

/// Draws `draw`; the pixels top row first.
pub fn render(draw: &Draw) -> Result<Vec<[f32; 4]>, String> {
    let instance = instance()?;
    // SAFETY: `with_instance` keeps Vulkan's object lifetimes itself: every handle it creates is used
    // only while its parent lives and destroyed (children first) before it returns, every command
    // buffer has finished (a fence wait) before anything it uses is destroyed, and every mapped
    // range is written or read within the size it was allocated with.
    unsafe { with_instance(instance, draw) }
}

/// The process's one Vulkan instance, made at the first draw and never destroyed. The loader unloads
/// a driver when its last instance goes, and NVIDIA's cannot be loaded again and again: after some
/// thirty draws that each made and destroyed an instance, instance creation failed with "Unable to
/// find a Vulkan driver" (an H100, driver 580).
pub fn instance() -> Result<&'static ash::Instance, String> {
    static INSTANCE: std::sync::OnceLock<Result<ash::Instance, String>> =
        std::sync::OnceLock::new();
    let made = INSTANCE.get_or_init(|| {
        // SAFETY: `Entry::load` runs the system's Vulkan loader (libvulkan.so.1), whose
        // initialisation has no preconditions of ours; the entry is leaked, so it outlives the
        // instance made from it.
        let entry: &'static ash::Entry = Box::leak(Box::new(unsafe { ash::Entry::load() }.map_err(
            |e| format!("no Vulkan loader ({e}): run scripts/test, which installs libvulkan1 and mesa-vulkan-drivers"),
        )?));
        let app = vk::ApplicationInfo::default().api_version(vk::make_api_version(0, 1, 1, 0));
        // SAFETY: the create info and the application info it points to live across the call.
        unsafe {
            entry.create_instance(
                &vk::InstanceCreateInfo::default().application_info(&app),
                None,
            )
        }
        .map_err(vkerr("create instance"))
    });
    made.as_ref().map_err(Clone::clone)
}

/// Objects to destroy, in reverse order of creation.
#[derive(Default)]
struct Owned {
    buffers: Vec<(vk::Buffer, vk::DeviceMemory)>,
    /// The colour target first, then the textures.
    images: Vec<(vk::Image, vk::DeviceMemory, vk::ImageView)>,
    samplers: Vec<vk::Sampler>,
    render_pass: Option<vk::RenderPass>,
    framebuffer: Option<vk::Framebuffer>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    pool: Option<vk::DescriptorPool>,
    layout: Option<vk::PipelineLayout>,
    modules: Vec<vk::ShaderModule>,
    pipeline: Option<vk::Pipeline>,
    command_pool: Option<vk::CommandPool>,
    fence: Option<vk::Fence>,
}

unsafe fn destroy(d: &ash::Device, o: Owned) {
    let _ = d.device_wait_idle();
    if let Some(f) = o.fence {
        d.destroy_fence(f, None);
    }
    if let Some(p) = o.command_pool {
        d.destroy_command_pool(p, None);
    }
    if let Some(p) = o.pipeline {
        d.destroy_pipeline(p, None);
    }
    for m in o.modules {
        d.destroy_shader_module(m, None);
    }
    if let Some(l) = o.layout {
        d.destroy_pipeline_layout(l, None);
    }
    if let Some(p) = o.pool {
        d.destroy_descriptor_pool(p, None);
    }
    for l in o.set_layouts {
        d.destroy_descriptor_set_layout(l, None);
    }
    if let Some(f) = o.framebuffer {
        d.destroy_framebuffer(f, None);
    }
    if let Some(r) = o.render_pass {
        d.destroy_render_pass(r, None);
    }
    for s in o.samplers {
        d.destroy_sampler(s, None);
    }
    for (i, m, v) in o.images {
        d.destroy_image_view(v, None);
        d.destroy_image(i, None);
        d.free_memory(m, None);
    }
    for (b, m) in o.buffers {
        d.destroy_buffer(b, None);
        d.free_memory(m, None);
    }
}

fn vkerr(what: &'static str) -> impl Fn(vk::Result) -> String {
    move |e| format!("Vulkan: {what}: {e}")
}

/// The first physical device the loader offers, the index of a queue family with graphics, and a
/// logical device with one queue of it. Shared with crates/librashader-oracle.
///
/// # Safety
/// `instance` must be a live instance; the caller destroys the device before it.
pub unsafe fn graphics_device(
    instance: &ash::Instance,
) -> Result<(vk::PhysicalDevice, u32, ash::Device), String> {
    let physical = instance
        .enumerate_physical_devices()
        .map_err(vkerr("enumerate devices"))?
        .into_iter()
        .next()
        .ok_or(
            "no Vulkan device: run scripts/test, which installs mesa-vulkan-drivers (lavapipe)",
        )?;
    let family = instance
        .get_physical_device_queue_family_properties(physical)
        .iter()
        .position(|q| q.queue_flags.contains(vk::QueueFlags::GRAPHICS))
        .ok_or("no graphics queue")? as u32;
    let priorities = [1.0];
    let queues = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(family)
        .queue_priorities(&priorities)];
    let device = instance
        .create_device(
            physical,
            &vk::DeviceCreateInfo::default().queue_create_infos(&queues),
            None,
        )
        .map_err(vkerr("create device"))?;
    Ok((physical, family, device))
}

unsafe fn with_instance(instance: &ash::Instance, draw: &Draw) -> Result<Vec<[f32; 4]>, String> {
    let (physical, family, device) = graphics_device(instance)?;
    let memory = instance.get_physical_device_memory_properties(physical);
    let mut owned = Owned::default();
    let result = with_device(&device, &memory, family, draw, &mut owned);
    destroy(&device, owned);
    device.destroy_device(None);
    result
}

/// A memory type among `bits` with `flags`.
pub fn memory_type(
    memory: &vk::PhysicalDeviceMemoryProperties,
    bits: u32,
    flags: vk::MemoryPropertyFlags,
) -> Result<u32, String> {
    (0..memory.memory_type_count)
        .find(|&i| {
            bits & (1 << i) != 0
                && memory.memory_types[i as usize]
                    .property_flags
                    .contains(flags)
        })
        .ok_or_else(|| "no suitable memory type".into())
}

/// The format of a fragment texture: one f32 depth per texel for a depth texture.
fn texture_format(t: &Texture2d) -> vk::Format {
    if t.depth_compare {
        DEPTH_FORMAT
    } else {
        FORMAT
    }
}

/// The aspect of an image of `format`.
fn aspect(format: vk::Format) -> vk::ImageAspectFlags {
    if format == DEPTH_FORMAT {
        vk::ImageAspectFlags::DEPTH
    } else {
        vk::ImageAspectFlags::COLOR
    }
}

/// The one level and layer of an image of `format`.
fn range(format: vk::Format) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: aspect(format),
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: 1,
    }
}

/// A w x h image of `format` (RGBA32F, or D32 for a depth texture) with one level, and its view.
unsafe fn image(
    d: &ash::Device,
    memory: &vk::PhysicalDeviceMemoryProperties,
    (w, h): (u32, u32),
    format: vk::Format,
    usage: vk::ImageUsageFlags,
    owned: &mut Owned,
) -> Result<(vk::Image, vk::ImageView), String> {
    let image = d
        .create_image(
            &vk::ImageCreateInfo::default()
                .image_type(vk::ImageType::TYPE_2D)
                .format(format)
                .extent(vk::Extent3D {
                    width: w,
                    height: h,
                    depth: 1,
                })
                .mip_levels(1)
                .array_layers(1)
                .samples(vk::SampleCountFlags::TYPE_1)
                .tiling(vk::ImageTiling::OPTIMAL)
                .usage(usage),
            None,
        )
        .map_err(vkerr("create image"))?;
    let req = d.get_image_memory_requirements(image);
    let info = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(memory_type(
            memory,
            req.memory_type_bits,
            vk::MemoryPropertyFlags::empty(),
        )?);
    let image_memory = match d.allocate_memory(&info, None) {
        Ok(m) => m,
        Err(e) => {
            d.destroy_image(image, None);
            return Err(vkerr("allocate image memory")(e));
        }
    };
    if let Err(e) = d.bind_image_memory(image, image_memory, 0) {
        d.destroy_image(image, None);
        d.free_memory(image_memory, None);
        return Err(vkerr("bind image memory")(e));
    }
    let view = d.create_image_view(
        &vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(range(format)),
        None,
    );
    let view = match view {
        Ok(v) => v,
        Err(e) => {
            d.destroy_image(image, None);
            d.free_memory(image_memory, None);
            return Err(vkerr("create image view")(e));
        }
    };
    owned.images.push((image, image_memory, view));
    Ok((image, view))
}

/// A fragment texture: its image (filled by [`upload`]), view, sampler and staging buffer.
struct Uploaded {
    image: vk::Image,
    view: vk::ImageView,
    sampler: vk::Sampler,
    staging: vk::Buffer,
}

unsafe fn texture(
    d: &ash::Device,
    memory: &vk::PhysicalDeviceMemoryProperties,
    t: &Texture2d,
    owned: &mut Owned,
) -> Result<Uploaded, String> {
    let usage = vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_DST;
    let format = texture_format(t);
    let (image, view) = image(d, memory, (t.width, t.height), format, usage, owned)?;
    // A depth texture keeps each texel's first component, its depth.
    let components = if t.depth_compare { 1 } else { 4 };
    let bytes: Vec<u8> = t
        .texels
        .iter()
        .flat_map(|texel| &texel[..components])
        .flat_map(|c| c.to_le_bytes())
        .collect();
    let staging = buffer(
        d,
        memory,
        vk::BufferUsageFlags::TRANSFER_SRC,
        &bytes,
        0,
        owned,
    )?;
    let filter = if t.nearest {
        vk::Filter::NEAREST
    } else {
        vk::Filter::LINEAR
    };
    let wrap = if t.clamp_to_edge {
        vk::SamplerAddressMode::CLAMP_TO_EDGE
    } else {
        vk::SamplerAddressMode::REPEAT
    };
    let sampler = d
        .create_sampler(
            &vk::SamplerCreateInfo::default()
                .mag_filter(filter)
                .min_filter(filter)
                .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
                .address_mode_u(wrap)
                .address_mode_v(wrap)
                .address_mode_w(wrap)
                // ARB_shadow's LEQUAL: 1 where the reference ≤ the texel's depth (Vulkan
                // compares `reference op texel`).
                .compare_enable(t.depth_compare)
                .compare_op(vk::CompareOp::LESS_OR_EQUAL)
                .max_lod(0.0),
            None,
        )
        .map_err(vkerr("create sampler"))?;
    owned.samplers.push(sampler);
    Ok(Uploaded {
        image,
        view,
        sampler,
        staging,
    })
}

/// Records the copy of a texture's staging buffer into its image, ready for sampling.
unsafe fn upload(d: &ash::Device, cb: vk::CommandBuffer, t: &Texture2d, u: &Uploaded) {
    let barrier = |from, to, src, dst| {
        vk::ImageMemoryBarrier::default()
            .old_layout(from)
            .new_layout(to)
            .src_access_mask(src)
            .dst_access_mask(dst)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(u.image)
            .subresource_range(range(texture_format(t)))
    };
    let to_dst = barrier(
        vk::ImageLayout::UNDEFINED,
        vk::ImageLayout::TRANSFER_DST_OPTIMAL,
        vk::AccessFlags::empty(),
        vk::AccessFlags::TRANSFER_WRITE,
    );
    d.cmd_pipeline_barrier(
        cb,
        vk::PipelineStageFlags::TOP_OF_PIPE,
        vk::PipelineStageFlags::TRANSFER,
        vk::DependencyFlags::empty(),
        &[],
        &[],
        &[to_dst],
    );
    let copy = vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: aspect(texture_format(t)),
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        },
        image_offset: vk::Offset3D { x: 0, y: 0, z: 0 },
        image_extent: vk::Extent3D {
            width: t.width,
            height: t.height,
            depth: 1,
        },
    };
    d.cmd_copy_buffer_to_image(
        cb,
        u.staging,
        u.image,
        vk::ImageLayout::TRANSFER_DST_OPTIMAL,
        &[copy],
    );
    let to_read = barrier(
        vk::ImageLayout::TRANSFER_DST_OPTIMAL,
        vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
        vk::AccessFlags::TRANSFER_WRITE,
        vk::AccessFlags::SHADER_READ,
    );
    d.cmd_pipeline_barrier(
        cb,
        vk::PipelineStageFlags::TRANSFER,
        vk::PipelineStageFlags::FRAGMENT_SHADER,
        vk::DependencyFlags::empty(),
        &[],
        &[],
        &[to_read],
    );
}

/// A host-visible buffer holding `bytes` (or `size` zero bytes).
unsafe fn buffer(
    d: &ash::Device,
    memory: &vk::PhysicalDeviceMemoryProperties,
    usage: vk::BufferUsageFlags,
    bytes: &[u8],
    size: usize,
    owned: &mut Owned,
) -> Result<vk::Buffer, String> {
    let size = size.max(bytes.len()).max(16);
    let b = d
        .create_buffer(
            &vk::BufferCreateInfo::default()
                .size(size as u64)
                .usage(usage),
            None,
        )
        .map_err(vkerr("create buffer"))?;
    let req = d.get_buffer_memory_requirements(b);
    let host = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
    let info = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(memory_type(memory, req.memory_type_bits, host)?);
    let m = match d.allocate_memory(&info, None) {
        Ok(m) => m,
        Err(e) => {
            d.destroy_buffer(b, None);
            return Err(vkerr("allocate buffer memory")(e));
        }
    };
    owned.buffers.push((b, m));
    d.bind_buffer_memory(b, m, 0)
        .map_err(vkerr("bind buffer memory"))?;
    let p = d
        .map_memory(m, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
        .map_err(vkerr("map"))? as *mut u8;
    std::ptr::write_bytes(p, 0, size);
    std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len());
    d.unmap_memory(m);
    Ok(b)
}

unsafe fn with_device(
    d: &ash::Device,
    memory: &vk::PhysicalDeviceMemoryProperties,
    family: u32,
    draw: &Draw,
    owned: &mut Owned,
) -> Result<Vec<[f32; 4]>, String> {
    let (w, h) = (draw.width, draw.height);
    // The colour image and its view.
    let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC;
    let (image, view) = image(d, memory, (w, h), FORMAT, usage, owned)?;

    // Render pass and framebuffer.
    let attachment = [vk::AttachmentDescription::default()
        .format(FORMAT)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .initial_layout(vk::ImageLayout::UNDEFINED)
        .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)];
    let color_ref = [vk::AttachmentReference {
        attachment: 0,
        layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
    }];
    let subpass = [vk::SubpassDescription::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .color_attachments(&color_ref)];
    let render_pass = d
        .create_render_pass(
            &vk::RenderPassCreateInfo::default()
                .attachments(&attachment)
                .subpasses(&subpass),
            None,
        )
        .map_err(vkerr("create render pass"))?;
    owned.render_pass = Some(render_pass);
    let views = [view];
    let framebuffer = d
        .create_framebuffer(
            &vk::FramebufferCreateInfo::default()
                .render_pass(render_pass)
                .attachments(&views)
                .width(w)
                .height(h)
                .layers(1),
            None,
        )
        .map_err(vkerr("create framebuffer"))?;
    owned.framebuffer = Some(framebuffer);

    // Descriptor sets: set 0 for the vertex stage, set 1 for the fragment stage.
    let stages = [
        (draw.vertex_uniforms, vk::ShaderStageFlags::VERTEX),
        (draw.fragment_uniforms, vk::ShaderStageFlags::FRAGMENT),
    ];
    let textures: Vec<Uploaded> = draw
        .fragment_textures
        .iter()
        .map(|t| texture(d, memory, t, owned))
        .collect::<Result<_, _>>()?;
    for (i, (bytes, stage)) in stages.iter().enumerate() {
        let mut bindings = Vec::new();
        if !bytes.is_empty() {
            bindings.push(
                vk::DescriptorSetLayoutBinding::default()
                    .binding(0)
                    .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
                    .descriptor_count(1)
                    .stage_flags(*stage),
            );
        }
        if i == 1 {
            for t in draw.fragment_textures {
                for (binding, ty) in [
                    (t.texture_binding, vk::DescriptorType::SAMPLED_IMAGE),
                    (t.sampler_binding, vk::DescriptorType::SAMPLER),
                ] {
                    bindings.push(
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(binding)
                            .descriptor_type(ty)
                            .descriptor_count(1)
                            .stage_flags(*stage),
                    );
                }
            }
        }
        let l = d
            .create_descriptor_set_layout(
                &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                None,
            )
            .map_err(vkerr("create set layout"))?;
        owned.set_layouts.push(l);
    }
    let pool_sizes = [vk::DescriptorPoolSize {
        ty: vk::DescriptorType::UNIFORM_BUFFER,
        descriptor_count: 2,
    }];
    let pool = d
        .create_descriptor_pool(
            &vk::DescriptorPoolCreateInfo::default()
                .max_sets(2)
                .pool_sizes(&pool_sizes),
            None,
        )
        .map_err(vkerr("create descriptor pool"))?;
    owned.pool = Some(pool);
    let sets = d
        .allocate_descriptor_sets(
            &vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(pool)
                .set_layouts(&owned.set_layouts),
        )
        .map_err(vkerr("allocate descriptor sets"))?;
    for (i, (bytes, _)) in stages.iter().enumerate() {
        if bytes.is_empty() {
            continue;
        }
        let b = buffer(
            d,
            memory,
            vk::BufferUsageFlags::UNIFORM_BUFFER,
            bytes,
            0,
            owned,
        )?;
        let info = [vk::DescriptorBufferInfo {
            buffer: b,
            offset: 0,
            range: vk::WHOLE_SIZE,
        }];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(sets[i])
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
            .buffer_info(&info);
        d.update_descriptor_sets(&[write], &[]);
    }
    for (t, u) in draw.fragment_textures.iter().zip(&textures) {
        let image = [vk::DescriptorImageInfo {
            sampler: vk::Sampler::null(),
            image_view: u.view,
            image_layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
        }];
        let sampler = [vk::DescriptorImageInfo {
            sampler: u.sampler,
            image_view: vk::ImageView::null(),
            image_layout: vk::ImageLayout::UNDEFINED,
        }];
        let writes = [
            vk::WriteDescriptorSet::default()
                .dst_set(sets[1])
                .dst_binding(t.texture_binding)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .image_info(&image),
            vk::WriteDescriptorSet::default()
                .dst_set(sets[1])
                .dst_binding(t.sampler_binding)
                .descriptor_type(vk::DescriptorType::SAMPLER)
                .image_info(&sampler),
        ];
        d.update_descriptor_sets(&writes, &[]);
    }
    let layout = d
        .create_pipeline_layout(
            &vk::PipelineLayoutCreateInfo::default().set_layouts(&owned.set_layouts),
            None,
        )
        .map_err(vkerr("create pipeline layout"))?;
    owned.layout = Some(layout);

    let pipeline = pipeline(d, draw, render_pass, layout, owned)?;
    let vertices: Vec<u8> = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
        .into_iter()
        .flat_map(|(s, t)| corner(s, t))
        .flatten()
        .flat_map(f32::to_le_bytes)
        .collect();
    let vb = buffer(
        d,
        memory,
        vk::BufferUsageFlags::VERTEX_BUFFER,
        &vertices,
        0,
        owned,
    )?;
    let size = (w * h * 16) as usize;
    let readback = buffer(
        d,
        memory,
        vk::BufferUsageFlags::TRANSFER_DST,
        &[],
        size,
        owned,
    )?;
    let readback_memory = owned
        .buffers
        .last()
        .map(|b| b.1)
        .ok_or("no readback buffer")?;

    // Record, submit, wait.
    let command_pool = d
        .create_command_pool(
            &vk::CommandPoolCreateInfo::default().queue_family_index(family),
            None,
        )
        .map_err(vkerr("create command pool"))?;
    owned.command_pool = Some(command_pool);
    let cb = d
        .allocate_command_buffers(
            &vk::CommandBufferAllocateInfo::default()
                .command_pool(command_pool)
                .command_buffer_count(1),
        )
        .map_err(vkerr("allocate command buffer"))?[0];
    d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default())
        .map_err(vkerr("begin"))?;
    for (t, u) in draw.fragment_textures.iter().zip(&textures) {
        upload(d, cb, t, u);
    }
    let clear = [vk::ClearValue {
        color: vk::ClearColorValue { float32: [0.0; 4] },
    }];
    let area = vk::Rect2D {
        offset: vk::Offset2D { x: 0, y: 0 },
        extent: vk::Extent2D {
            width: w,
            height: h,
        },
    };
    d.cmd_begin_render_pass(
        cb,
        &vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(area)
            .clear_values(&clear),
        vk::SubpassContents::INLINE,
    );
    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
    d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::GRAPHICS, layout, 0, &sets, &[]);
    d.cmd_bind_vertex_buffers(cb, 0, &[vb], &[0]);
    d.cmd_draw(cb, 4, 1, 0, 0);
    d.cmd_end_render_pass(cb);
    let copy = vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        },
        image_offset: vk::Offset3D { x: 0, y: 0, z: 0 },
        image_extent: vk::Extent3D {
            width: w,
            height: h,
            depth: 1,
        },
    };
    d.cmd_copy_image_to_buffer(
        cb,
        image,
        vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
        readback,
        &[copy],
    );
    d.end_command_buffer(cb).map_err(vkerr("end"))?;
    let fence = d
        .create_fence(&vk::FenceCreateInfo::default(), None)
        .map_err(vkerr("create fence"))?;
    owned.fence = Some(fence);
    let cbs = [cb];
    let queue = d.get_device_queue(family, 0);
    d.queue_submit(
        queue,
        &[vk::SubmitInfo::default().command_buffers(&cbs)],
        fence,
    )
    .map_err(vkerr("submit"))?;
    d.wait_for_fences(&[fence], true, u64::MAX)
        .map_err(vkerr("wait"))?;

    let p = d
        .map_memory(
            readback_memory,
            0,
            vk::WHOLE_SIZE,
            vk::MemoryMapFlags::empty(),
        )
        .map_err(vkerr("map readback"))? as *const u8;
    let bytes = std::slice::from_raw_parts(p, size).to_vec();
    d.unmap_memory(readback_memory);
    Ok(bytes
        .chunks_exact(16)
        .map(|px| {
            std::array::from_fn(|c| {
                f32::from_le_bytes(px[4 * c..4 * c + 4].try_into().unwrap_or([0; 4]))
            })
        })
        .collect())
}

unsafe fn pipeline(
    d: &ash::Device,
    draw: &Draw,
    render_pass: vk::RenderPass,
    layout: vk::PipelineLayout,
    owned: &mut Owned,
) -> Result<vk::Pipeline, String> {
    let mut module = |code: &[u32]| {
        let m = d
            .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(code), None)
            .map_err(vkerr("create shader module"));
        if let Ok(m) = m {
            owned.modules.push(m);
        }
        m
    };
    let (vs, fs) = (module(draw.vertex_spirv)?, module(draw.fragment_spirv)?);
    let names = [
        CString::new(draw.vertex_entry).map_err(|e| e.to_string())?,
        CString::new(draw.fragment_entry).map_err(|e| e.to_string())?,
    ];
    let stages = [
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::VERTEX)
            .module(vs)
            .name(&names[0]),
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::FRAGMENT)
            .module(fs)
            .name(&names[1]),
    ];
    let stride = (ATTRIBUTES * 16) as u32;
    let bindings = [vk::VertexInputBindingDescription {
        binding: 0,
        stride,
        input_rate: vk::VertexInputRate::VERTEX,
    }];
    let attributes: Vec<_> = (0..ATTRIBUTES as u32)
        .map(|l| vk::VertexInputAttributeDescription {
            location: l,
            binding: 0,
            format: FORMAT,
            offset: 16 * l,
        })
        .collect();
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&bindings)
        .vertex_attribute_descriptions(&attributes);
    let assembly = vk::PipelineInputAssemblyStateCreateInfo::default()
        .topology(vk::PrimitiveTopology::TRIANGLE_STRIP);
    let (w, h) = (draw.width as f32, draw.height as f32);
    // A negative height (Vulkan 1.1): clip y = +1 at the top, as in OpenGL.
    let viewports = [vk::Viewport {
        x: 0.0,
        y: h,
        width: w,
        height: -h,
        min_depth: 0.0,
        max_depth: 1.0,
    }];
    let scissors = [vk::Rect2D {
        offset: vk::Offset2D { x: 0, y: 0 },
        extent: vk::Extent2D {
            width: draw.width,
            height: draw.height,
        },
    }];
    let viewport = vk::PipelineViewportStateCreateInfo::default()
        .viewports(&viewports)
        .scissors(&scissors);
    let raster = vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(vk::PolygonMode::FILL)
        .cull_mode(vk::CullModeFlags::NONE)
        .line_width(1.0);
    let multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let blend_attachments = [vk::PipelineColorBlendAttachmentState::default()
        .color_write_mask(vk::ColorComponentFlags::RGBA)];
    let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachments);
    let info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend)
        .layout(layout)
        .render_pass(render_pass)
        .subpass(0);
    let p = d
        .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
        .map_err(|(_, e)| vkerr("create pipeline")(e))?[0];
    owned.pipeline = Some(p);
    Ok(p)
}
