//! The Vulkan calls: instance, device, the input and viewport images, librashader's filter chain,
//! one command buffer per frame and a copy back after each. Every object made is destroyed before
//! returning, the chain first, whether the run worked or not.

use crate::{Picture, Run};
use ash::vk;
use librashader::presets::ShaderFeatures;
use librashader::runtime::vk::{FilterChain, FilterChainOptions, FrameOptions, VulkanImage};
use librashader::runtime::{Size, Viewport};

const FORMAT: vk::Format = vk::Format::R8G8B8A8_UNORM;

fn vkerr(what: &'static str) -> impl Fn(vk::Result) -> String {
    move |e| format!("Vulkan: {what}: {e}")
}

/// Runs `run` on a device of its own.
pub fn render(run: &Run) -> Result<Vec<Picture>, String> {
    let instance = vk_oracle::instance()?;
    // SAFETY: `Gpu::new` and `Gpu::run` keep Vulkan's object lifetimes: every handle is used only
    // while its parent lives, every command buffer has finished (a fence wait) before what it uses
    // is destroyed or read, and the filter chain (which holds the device) is dropped inside `run`,
    // before `Gpu::destroy` destroys the objects it read and then the device.
    unsafe {
        let mut gpu = Gpu::new(instance)?;
        let result = gpu.run(instance, run);
        gpu.destroy();
        result
    }
}

/// An image with its memory.
struct Image {
    image: vk::Image,
    memory: vk::DeviceMemory,
}

/// A host-visible buffer with its memory.
struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    size: u64,
}

/// A device, its queue, one command buffer and what a run creates, destroyed in reverse order.
struct Gpu {
    physical: vk::PhysicalDevice,
    device: ash::Device,
    queue: vk::Queue,
    memory: vk::PhysicalDeviceMemoryProperties,
    pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    fence: vk::Fence,
    images: Vec<Image>,
    buffers: Vec<Buffer>,
}

impl Gpu {
    unsafe fn new(instance: &ash::Instance) -> Result<Gpu, String> {
        let (physical, family, device) = vk_oracle::graphics_device(instance)?;
        let queue = device.get_device_queue(family, 0);
        let pool = match device.create_command_pool(
            &vk::CommandPoolCreateInfo::default()
                .queue_family_index(family)
                .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
            None,
        ) {
            Ok(p) => p,
            Err(e) => {
                device.destroy_device(None);
                return Err(vkerr("create command pool")(e));
            }
        };
        let mut gpu = Gpu {
            physical,
            device,
            queue,
            memory: instance.get_physical_device_memory_properties(physical),
            pool,
            cmd: vk::CommandBuffer::null(),
            fence: vk::Fence::null(),
            images: Vec::new(),
            buffers: Vec::new(),
        };
        let made = gpu.make_command_buffer();
        if let Err(e) = made {
            gpu.destroy();
            return Err(e);
        }
        Ok(gpu)
    }

    unsafe fn make_command_buffer(&mut self) -> Result<(), String> {
        self.cmd = self
            .device
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(self.pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1),
            )
            .map_err(vkerr("allocate command buffer"))?[0];
        self.fence = self
            .device
            .create_fence(&vk::FenceCreateInfo::default(), None)
            .map_err(vkerr("create fence"))?;
        Ok(())
    }

    unsafe fn destroy(mut self) {
        let d = &self.device;
        let _ = d.device_wait_idle();
        if self.fence != vk::Fence::null() {
            d.destroy_fence(self.fence, None);
        }
        d.destroy_command_pool(self.pool, None);
        for i in self.images.drain(..) {
            d.destroy_image(i.image, None);
            d.free_memory(i.memory, None);
        }
        for b in self.buffers.drain(..) {
            d.destroy_buffer(b.buffer, None);
            d.free_memory(b.memory, None);
        }
        d.destroy_device(None);
    }

    unsafe fn allocate(
        &self,
        needs: vk::MemoryRequirements,
        flags: vk::MemoryPropertyFlags,
    ) -> Result<vk::DeviceMemory, String> {
        let index = vk_oracle::memory_type(&self.memory, needs.memory_type_bits, flags)?;
        self.device
            .allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(needs.size)
                    .memory_type_index(index),
                None,
            )
            .map_err(vkerr("allocate memory"))
    }

    /// A `FORMAT` image of `size` for `usage`, in device memory; its index in `images`.
    unsafe fn image(
        &mut self,
        size: (u32, u32),
        usage: vk::ImageUsageFlags,
    ) -> Result<usize, String> {
        let image = self
            .device
            .create_image(
                &vk::ImageCreateInfo::default()
                    .image_type(vk::ImageType::TYPE_2D)
                    .format(FORMAT)
                    .extent(vk::Extent3D {
                        width: size.0,
                        height: size.1,
                        depth: 1,
                    })
                    .mip_levels(1)
                    .array_layers(1)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .tiling(vk::ImageTiling::OPTIMAL)
                    .usage(usage)
                    .initial_layout(vk::ImageLayout::UNDEFINED),
                None,
            )
            .map_err(vkerr("create image"))?;
        let needs = self.device.get_image_memory_requirements(image);
        let memory = match self.allocate(needs, vk::MemoryPropertyFlags::DEVICE_LOCAL) {
            Ok(m) => m,
            Err(e) => {
                self.device.destroy_image(image, None);
                return Err(e);
            }
        };
        self.images.push(Image { image, memory });
        self.device
            .bind_image_memory(image, memory, 0)
            .map_err(vkerr("bind image memory"))?;
        Ok(self.images.len() - 1)
    }

    /// A host-visible, coherent buffer of `size` bytes for `usage`; its index in `buffers`.
    unsafe fn buffer(&mut self, size: u64, usage: vk::BufferUsageFlags) -> Result<usize, String> {
        let buffer = self
            .device
            .create_buffer(
                &vk::BufferCreateInfo::default()
                    .size(size)
                    .usage(usage)
                    .sharing_mode(vk::SharingMode::EXCLUSIVE),
                None,
            )
            .map_err(vkerr("create buffer"))?;
        let needs = self.device.get_buffer_memory_requirements(buffer);
        let host = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let memory = match self.allocate(needs, host) {
            Ok(m) => m,
            Err(e) => {
                self.device.destroy_buffer(buffer, None);
                return Err(e);
            }
        };
        self.buffers.push(Buffer {
            buffer,
            memory,
            size,
        });
        self.device
            .bind_buffer_memory(buffer, memory, 0)
            .map_err(vkerr("bind buffer memory"))?;
        Ok(self.buffers.len() - 1)
    }

    /// Copies `bytes` into buffer `b` (no longer than it).
    unsafe fn write(&self, b: usize, bytes: &[u8]) -> Result<(), String> {
        let buffer = &self.buffers[b];
        let len = bytes.len().min(buffer.size as usize);
        let p = self
            .device
            .map_memory(buffer.memory, 0, buffer.size, vk::MemoryMapFlags::empty())
            .map_err(vkerr("map memory"))?;
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), p.cast::<u8>(), len);
        self.device.unmap_memory(buffer.memory);
        Ok(())
    }

    /// The bytes of buffer `b`.
    unsafe fn read(&self, b: usize) -> Result<Vec<u8>, String> {
        let buffer = &self.buffers[b];
        let mut out = vec![0u8; buffer.size as usize];
        let p = self
            .device
            .map_memory(buffer.memory, 0, buffer.size, vk::MemoryMapFlags::empty())
            .map_err(vkerr("map memory"))?;
        std::ptr::copy_nonoverlapping(p.cast::<u8>(), out.as_mut_ptr(), out.len());
        self.device.unmap_memory(buffer.memory);
        Ok(out)
    }

    /// Records into the command buffer with `record`, submits it and waits for it.
    unsafe fn submit(
        &self,
        record: impl FnOnce(vk::CommandBuffer) -> Result<(), String>,
    ) -> Result<(), String> {
        let d = &self.device;
        d.reset_command_buffer(self.cmd, vk::CommandBufferResetFlags::empty())
            .map_err(vkerr("reset command buffer"))?;
        d.begin_command_buffer(
            self.cmd,
            &vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
        )
        .map_err(vkerr("begin command buffer"))?;
        let recorded = record(self.cmd);
        d.end_command_buffer(self.cmd)
            .map_err(vkerr("end command buffer"))?;
        recorded?;
        let cmds = [self.cmd];
        d.queue_submit(
            self.queue,
            &[vk::SubmitInfo::default().command_buffers(&cmds)],
            self.fence,
        )
        .map_err(vkerr("submit"))?;
        d.wait_for_fences(&[self.fence], true, u64::MAX)
            .map_err(vkerr("wait"))?;
        d.reset_fences(&[self.fence]).map_err(vkerr("reset fence"))
    }

    /// A layout transition of `image`'s one level, waiting for every earlier command.
    unsafe fn transition(
        &self,
        cmd: vk::CommandBuffer,
        image: vk::Image,
        from: vk::ImageLayout,
        to: vk::ImageLayout,
    ) {
        let barrier = vk::ImageMemoryBarrier::default()
            .image(image)
            .old_layout(from)
            .new_layout(to)
            .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
            .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .subresource_range(color_range());
        self.device.cmd_pipeline_barrier(
            cmd,
            vk::PipelineStageFlags::ALL_COMMANDS,
            vk::PipelineStageFlags::ALL_COMMANDS,
            vk::DependencyFlags::empty(),
            &[],
            &[],
            &[barrier],
        );
    }

    /// Uploads the input picture into a sampled image and readies the viewport image; runs every
    /// frame, reading the viewport back after each.
    unsafe fn run(&mut self, instance: &ash::Instance, run: &Run) -> Result<Vec<Picture>, String> {
        let input = run.input;
        let (vw, vh) = run.viewport;
        let use_input = vk::ImageUsageFlags::SAMPLED
            | vk::ImageUsageFlags::TRANSFER_DST
            | vk::ImageUsageFlags::TRANSFER_SRC;
        let input_at = self.image((input.width, input.height), use_input)?;
        let input_image = self.images[input_at].image;
        let use_output = vk::ImageUsageFlags::COLOR_ATTACHMENT
            | vk::ImageUsageFlags::TRANSFER_SRC
            | vk::ImageUsageFlags::SAMPLED;
        let output_at = self.image((vw, vh), use_output)?;
        let output_image = self.images[output_at].image;
        let staging = self.buffer(input.rgba.len() as u64, vk::BufferUsageFlags::TRANSFER_SRC)?;
        self.write(staging, &input.rgba)?;
        let readback = self.buffer(
            4 * u64::from(vw) * u64::from(vh),
            vk::BufferUsageFlags::TRANSFER_DST,
        )?;
        let staging_buffer = self.buffers[staging].buffer;
        let readback_buffer = self.buffers[readback].buffer;
        self.submit(|cmd| {
            use vk::ImageLayout as L;
            self.transition(cmd, input_image, L::UNDEFINED, L::TRANSFER_DST_OPTIMAL);
            let region = copy_region(input.width, input.height);
            self.device.cmd_copy_buffer_to_image(
                cmd,
                staging_buffer,
                input_image,
                L::TRANSFER_DST_OPTIMAL,
                &[region],
            );
            self.transition(
                cmd,
                input_image,
                L::TRANSFER_DST_OPTIMAL,
                L::SHADER_READ_ONLY_OPTIMAL,
            );
            self.transition(cmd, output_image, L::UNDEFINED, L::COLOR_ATTACHMENT_OPTIMAL);
            Ok(())
        })?;
        let options = FilterChainOptions {
            // The oracle compiles every time: no cache shared between runs or with the user's.
            disable_cache: true,
            ..FilterChainOptions::default()
        };
        let objects = (self.physical, instance.clone(), self.device.clone());
        let chain =
            FilterChain::load_from_path(run.preset, ShaderFeatures::NONE, objects, Some(&options))
                .map_err(|e| format!("librashader: `{}`: {e}", run.preset.display()))?;
        // `chain` (which holds the device and its allocator) is dropped when this returns, before
        // `destroy`, and after the last frame's fence wait.
        let mut chain = chain;
        let input_vk = VulkanImage {
            image: input_image,
            size: Size::new(input.width, input.height),
            format: FORMAT,
        };
        let viewport = Viewport {
            x: 0.0,
            y: 0.0,
            mvp: None,
            output: VulkanImage {
                image: output_image,
                size: Size::new(vw, vh),
                format: FORMAT,
            },
            size: Size::new(vw, vh),
        };
        let mut frames = Vec::new();
        for frame in 0..run.frames {
            // RetroArch shows black history before the first frames; librashader's history
            // images start uninitialised unless the first frame clears them.
            let options = FrameOptions {
                clear_history: frame == 0,
                ..FrameOptions::default()
            };
            self.submit(|cmd| {
                use vk::ImageLayout as L;
                chain
                    .frame(&input_vk, &viewport, cmd, frame as usize, Some(&options))
                    .map_err(|e| format!("librashader: frame {frame}: {e}"))?;
                self.transition(
                    cmd,
                    output_image,
                    L::COLOR_ATTACHMENT_OPTIMAL,
                    L::TRANSFER_SRC_OPTIMAL,
                );
                let region = copy_region(vw, vh);
                self.device.cmd_copy_image_to_buffer(
                    cmd,
                    output_image,
                    L::TRANSFER_SRC_OPTIMAL,
                    readback_buffer,
                    &[region],
                );
                self.transition(
                    cmd,
                    output_image,
                    L::TRANSFER_SRC_OPTIMAL,
                    L::COLOR_ATTACHMENT_OPTIMAL,
                );
                Ok(())
            })?;
            frames.push(Picture {
                width: vw,
                height: vh,
                rgba: self.read(readback)?,
            });
        }
        Ok(frames)
    }
}

fn color_range() -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange::default()
        .aspect_mask(vk::ImageAspectFlags::COLOR)
        .level_count(1)
        .layer_count(1)
}

/// A whole-image copy of a tightly packed `width` x `height` picture.
fn copy_region(width: u32, height: u32) -> vk::BufferImageCopy {
    vk::BufferImageCopy::default()
        .image_subresource(
            vk::ImageSubresourceLayers::default()
                .aspect_mask(vk::ImageAspectFlags::COLOR)
                .layer_count(1),
        )
        .image_extent(vk::Extent3D {
            width,
            height,
            depth: 1,
        })
}
