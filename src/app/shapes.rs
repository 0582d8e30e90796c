//! White shapes drawn once into images, for sprites that tint them: a disc, a ring, a
//! triangle and a hexagon. Sprites (not meshes) keep picking simple: a click hits a shape's opaque pixels.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Side of the shape images, in pixels.
const SIZE: u32 = 96;

/// Handles of the shape images; every one is white, tint it with `Sprite::color`.
#[derive(Resource, Debug, Clone)]
pub struct Shapes {
    /// A filled circle.
    pub disc: Handle<Image>,
    /// A circle's outline, a seventh of its radius thick.
    pub ring: Handle<Image>,
    /// A triangle pointing up.
    pub triangle: Handle<Image>,
    /// A regular hexagon standing on a corner, its corners touching the image's top and
    /// bottom edge (its flat sides are √3/2 of the image's width apart).
    pub hexagon: Handle<Image>,
}

impl FromWorld for Shapes {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        Shapes {
            disc: images.add(shape_image(|x, y| 1.0 - x.hypot(y))),
            ring: images.add(shape_image(|x, y| {
                let r = x.hypot(y);
                (1.0 - r).min(r - 0.86)
            })),
            triangle: images.add(shape_image(|x, y| {
                // Inside when below both slanted sides and above the base.
                let base = y + 0.8;
                let left = 0.9 - y - 1.7 * x;
                let right = 0.9 - y + 1.7 * x;
                base.min(left / 2.0).min(right / 2.0)
            })),
            hexagon: images.add(shape_image(|x, y| {
                // Inside all three pairs of flat sides, at √3/2 from the centre.
                let across = 0.866_025_4;
                let slant = (0.5 * x + across * y)
                    .abs()
                    .max((0.5 * x - across * y).abs());
                across - x.abs().max(slant)
            })),
        }
    }
}

/// An image whose alpha follows `inside(x, y)` (positive inside, in units of the half side,
/// y up), smoothed over about a pixel at the edge.
fn shape_image(inside: impl Fn(f32, f32) -> f32) -> Image {
    let half = SIZE as f32 / 2.0;
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for row in 0..SIZE {
        for col in 0..SIZE {
            let x = (col as f32 + 0.5 - half) / half;
            let y = (half - row as f32 - 0.5) / half;
            let alpha = (inside(x, y) * half + 0.5).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (alpha * 255.0).round() as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A sprite of `image` tinted `color`, `size` pixels across.
pub fn sprite(image: &Handle<Image>, color: Color, size: Vec2) -> Sprite {
    Sprite {
        image: image.clone(),
        color,
        custom_size: Some(size),
        ..default()
    }
}
